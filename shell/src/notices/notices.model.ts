import { createEffect, createStore, sample } from 'effector';
import { forbidden, forcedLogout, isClientErrorCode, loggedOut, requestFailed } from '@flotilla/shared';
import type { Notice } from './notice';

// Semi loads only when a notice is first shown, so the login page stays small.
const semiNotices = () => import('./semi-notices');

/** Shows a notification (duration 5 s, bottom). */
export const showNoticeFx = createEffect(async (notice: Notice) => {
  (await semiNotices()).showNotice(notice);
});

/** Opens the forced-logout modal; resolves when the user closes it. */
export const forcedLogoutModalFx = createEffect(async () => {
  await (await semiNotices()).forcedLogoutModal();
});

export const reloadPageFx = createEffect(() => window.location.reload());

/** Only one forced-logout modal at a time. */
const $forcedLogoutOpen = createStore(false)
  .on(forcedLogoutModalFx, () => true)
  .on(forcedLogoutModalFx.finally, () => false);

sample({ clock: forcedLogout, source: $forcedLogoutOpen, filter: (open) => !open, target: forcedLogoutModalFx });
// Closing the modal logs out and reloads the page.
sample({ clock: forcedLogoutModalFx.done, fn: () => 'expired' as const, target: loggedOut });
sample({ clock: loggedOut, filter: (reason) => reason === 'expired', target: reloadPageFx });

sample({
  clock: forbidden,
  fn: (message): Notice => ({ type: 'error', titleId: 'shell.notice.forbidden', content: message }),
  target: showNoticeFx,
});
sample({
  clock: requestFailed,
  // The server words its own failures in the user's language; the browser's (network, timeout) are worded here.
  fn: ({ status, code, message }): Notice => ({
    type: 'error',
    titleId: status === 400 ? 'shell.notice.error' : 'shell.notice.requestError',
    ...(isClientErrorCode(code) ? { contentId: `shell.clientError.${code}` } : { content: message }),
  }),
  target: showNoticeFx,
});
