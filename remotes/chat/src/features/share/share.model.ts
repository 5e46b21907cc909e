import { createEffect, createEvent, createStore, sample } from 'effector';
import { HttpError, type ShareInfo } from '@flotilla/shared';
import { getShareInfo } from './api/get-share-info';

/** What a chat view shows for one share id. */
export type ShareState =
  | { status: 'loading' }
  | { status: 'ready'; info: ShareInfo; inlined?: true }
  | { status: 'not-found' }
  | { status: 'failed'; message: string };

/** A chat view for this share id appeared (the public page or the console's ChatPanel). */
export const chatOpened = createEvent<string>();
/** The visitor pressed Retry after a failure. */
export const shareRetryClicked = createEvent<string>();
/** The page came with its share's info (inlined by the server): the chat shows it at once. */
export const shareInfoInlined = createEvent<ShareInfo>();

export const loadShareInfoFx = createEffect<string, ShareInfo, Error>(getShareInfo);

/** Keyed by share id, so several chat panels can show different shares at once. */
export const $shares = createStore<Record<string, ShareState>>({}).on(shareInfoInlined, (shares, info) => ({
  ...shares,
  [info.shareId]: { status: 'ready', info, inlined: true },
}));

sample({
  clock: [chatOpened, shareRetryClicked],
  source: $shares,
  // Info the page came with is as fresh as the page: no request for it.
  filter: (shares, shareId) => shares[shareId]?.status !== 'loading' && !(shares[shareId]?.status === 'ready' && shares[shareId].inlined),
  fn: (_, shareId) => shareId,
  target: loadShareInfoFx,
});
sample({
  clock: loadShareInfoFx,
  source: $shares,
  // A share already shown stays on screen while it is fetched again.
  filter: (shares, shareId) => shares[shareId]?.status !== 'ready',
  fn: (shares, shareId) => ({ ...shares, [shareId]: { status: 'loading' } as const }),
  target: $shares,
});
sample({
  clock: loadShareInfoFx.done,
  source: $shares,
  fn: (shares, { params, result }) => ({ ...shares, [params]: { status: 'ready', info: result } as const }),
  target: $shares,
});
sample({
  clock: loadShareInfoFx.fail,
  source: $shares,
  fn: (shares, { params, error }): Record<string, ShareState> => ({
    ...shares,
    [params]: error instanceof HttpError && error.status === 404 ? { status: 'not-found' } : { status: 'failed', message: error.message },
  }),
  target: $shares,
});
