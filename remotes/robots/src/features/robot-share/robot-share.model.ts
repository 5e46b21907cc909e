import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Failure, type ShareSettings, type UpdateShareBody } from '@flotilla/shared';
import { createSettingsTab } from '../../lib/settings-tab';
import type { RobotRef } from '../../lib/robot-ref';
import { getShare } from './api/get-share';
import { setShareEnabled } from './api/set-share-enabled';
import { updateShare } from './api/update-share';

/** A robot's share: on or off, its link, and who may embed it how often until when. */
export const share = createSettingsTab<ShareSettings, UpdateShareBody>({
  load: getShare,
  save: updateShare,
  savedMessageId: 'robots.share.saved',
});

/** The share tab was opened for a robot. */
export const shareOpened = share.opened;
/** The user asked to load the share again after a failure. */
export const shareRetryClicked = share.retryClicked;
/** The settings form passed its checks and was sent. */
export const shareSubmitted = share.submitted;
/** The share switch was flipped. */
export const shareEnabledToggled = createEvent<boolean>();

export const loadShareFx = share.loadFx;
export const saveShareFx = share.saveFx;
export const setShareEnabledFx = createEffect(setShareEnabled);

export const $share = share.$value;
export const $shareStatus = share.$status;
export const $shareLoadFailure = share.$loadFailure;
export const $shareSaveFailure = share.$saveFailure;
export const $shareSaving = share.$saving;
export const $shareLoadCount = share.$loadCount;
export const $shareSwitching = setShareEnabledFx.pending;
/** Why the share could not be turned on or off, until the next try. */
export const $shareSwitchFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(setShareEnabledFx.failData, (_, error) => toFailure(error))
  .reset(shareOpened, shareEnabledToggled);

sample({
  clock: shareEnabledToggled,
  source: share.$robot,
  filter: (robot: RobotRef | null, _enabled: boolean): robot is RobotRef => robot !== null,
  fn: (robot, enabled) => ({ robot, enabled }),
  target: setShareEnabledFx,
});
sample({
  clock: setShareEnabledFx.done,
  source: share.$robot,
  filter: (robot, { params }) => robot?.processId === params.robot.processId,
  fn: (_, { params, result }) => ({ robot: params.robot, value: result }),
  target: share.valueReceived,
});
