import { createEffect, createEvent } from 'effector';
import type { ShareInfo } from '@flotilla/shared';
import { createKeyedLoader, type LoadState } from '../chat/lib/keyed-loader';
import { getShareInfo } from './api/get-share-info';

/** What a chat view shows for one share id. */
export type ShareState = LoadState<{ status: 'ready'; info: ShareInfo; inlined?: true }>;

/** A chat view for this share id appeared (the public page or the console's ChatPanel). */
export const chatOpened = createEvent<string>();
/** The visitor pressed Retry after a failure. */
export const shareRetryClicked = createEvent<string>();
/** The page came with its share's info (inlined by the server): the chat shows it at once. */
export const shareInfoInlined = createEvent<ShareInfo>();

export const loadShareInfoFx = createEffect<string, ShareInfo, Error>(getShareInfo);

/** Keyed by share id, so several chat panels can show different shares at once. */
export const $shares = createKeyedLoader<ShareInfo, Extract<ShareState, { status: 'ready' }>>({
  clock: [chatOpened, shareRetryClicked],
  load: loadShareInfoFx,
  ready: (info) => ({ status: 'ready', info }),
  // Info the page came with is as fresh as the page: no request for it.
  fresh: (held) => held.inlined === true,
}).on(shareInfoInlined, (shares, info) => ({ ...shares, [info.shareId]: { status: 'ready', info, inlined: true } }));
