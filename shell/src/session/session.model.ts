import { createEffect, createEvent, sample } from 'effector';
import { $token, $userId, GetCurrentUser, loggedOut, Logout, request, userLoaded } from '@flotilla/shared';

/** A logged-in page needs the user record and it is missing, so it is loaded. */
export const userLoadRequested = createEvent<void>();
/** The user chose "log out" in the user menu. */
export const logoutClicked = createEvent<void>();

/** Loads the logged-in user; silent, because a failure logs out instead of showing a notice. */
export const loadUserFx = createEffect(() => request(GetCurrentUser, { silent: true }));

/** Revokes the token on the server; the session ends locally whatever the server answers. */
export const logoutFx = createEffect(async () => {
  await request(Logout, { silent: true }).catch(() => undefined);
});

export const $userLoading = loadUserFx.pending;

sample({
  clock: userLoadRequested,
  source: { token: $token, userId: $userId, loading: loadUserFx.pending },
  filter: ({ token, userId, loading }) => Boolean(token) && !userId && !loading,
  target: loadUserFx,
});
sample({ clock: loadUserFx.doneData, target: userLoaded });
// When loading the user fails, log out; the guard then sends the visitor to login with the redirect.
sample({ clock: loadUserFx.fail, fn: () => 'load-failed' as const, target: loggedOut });

sample({ clock: logoutClicked, target: logoutFx });
sample({ clock: logoutFx.finally, fn: () => 'user' as const, target: loggedOut });
