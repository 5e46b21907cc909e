import { createEffect, createEvent, createStore, sample } from 'effector';
import { GetMyCredits, loggedIn, loggedOut, request, type MyCreditsResponse } from '@flotilla/shared';

/**
 * The console came into view: the navbar appeared (after a login or a reload), or the page got the focus
 * back. The balance is asked for again then, not on a timer: a recharge made elsewhere shows on return.
 */
export const balanceCheckRequested = createEvent<void>();

/** The caller's balance against the tenant's threshold. Silent: the warning is a hint, its failure no news. */
export const loadMyCreditsFx = createEffect<void, MyCreditsResponse, Error>(() =>
  request(GetMyCredits, { silent: true }),
);

/** The last answer; null before the first and after a logout (another user may log in next). */
export const $myCredits = createStore<MyCreditsResponse | null>(null, { skipVoid: false })
  .on(loadMyCreditsFx.doneData, (_, credits) => credits)
  .reset(loggedOut, loggedIn);

/** True while the caller's balance is below the threshold: the navbar warns. */
export const $lowBalance = $myCredits.map((credits) => credits?.low ?? false);

sample({
  clock: [balanceCheckRequested, loggedIn],
  source: loadMyCreditsFx.pending,
  filter: (busy) => !busy,
  target: loadMyCreditsFx,
});
