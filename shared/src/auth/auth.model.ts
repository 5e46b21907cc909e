import { createEffect, createEvent, createStore, sample } from 'effector';
import type { Role, User } from '../contracts';
import { readStorage, readStoredJson, STORAGE_KEYS, writeStorage } from '../storage';

/** Why a session ended; `other-tab` is a logout that happened in another tab of the same browser. */
export type LogoutReason = 'user' | 'expired' | 'load-failed' | 'other-tab';

/** A login succeeded: the user and the token to send from now on. */
export const loggedIn = createEvent<{ user: User; token: string }>();
/** The current user's record was (re)loaded from the server. */
export const userLoaded = createEvent<User>();
/** The session ended; every store of the bus resets and every open tab follows. */
export const loggedOut = createEvent<LogoutReason>();
/** A login attempt failed: the token is cleared. */
export const loginFailed = createEvent<void>();
/** The server answered 401 without `isLogin`: the shell shows the forced-logout modal. */
export const forcedLogout = createEvent<string>();
/** The server answered 403: the shell shows a Forbidden notice with the message. */
export const forbidden = createEvent<string>();
/** The token changed outside a login (another tab logged in, for example). */
export const tokenChanged = createEvent<string | null>();

/** The bearer token; `null` when logged out. Only the bus touches it. */
export const $token = createStore<string | null>(readStorage(STORAGE_KEYS.token), { skipVoid: false })
  .on(loggedIn, (_, { token }) => token)
  .on(tokenChanged, (_, token) => token)
  // Not `.reset`: the default state is the token read from storage at start, which must not come back.
  .on([loggedOut, loginFailed], () => null);

/** The logged-in user, persisted as `user-state`. */
export const $user = createStore<User | null>(readStoredJson<User | null>(STORAGE_KEYS.user, null), { skipVoid: false })
  .on(loggedIn, (_, { user }) => user)
  .on(userLoaded, (_, user) => user)
  .on(loggedOut, () => null);

/** Logged in means a token is present. */
export const $isLoggedIn = $token.map((token) => Boolean(token));
export const $role = $user.map((user): Role | null => user?.role ?? null, { skipVoid: false });
/** The stored user id; when missing while logged in, the shell loads the user info. */
export const $userId = $user.map((user) => user?.id ?? null, { skipVoid: false });

const persistTokenFx = createEffect((token: string | null) => writeStorage(STORAGE_KEYS.token, token));
const persistUserFx = createEffect((user: User | null) => {
  writeStorage(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
  writeStorage(STORAGE_KEYS.userId, user ? user.id : null);
});

sample({ clock: $token.updates, target: persistTokenFx });
sample({ clock: $user.updates, target: persistUserFx });

/**
 * Follows logins and logouts of other tabs through the `storage` event, which the browser fires
 * in every other tab of the origin when the token key changes. Returns the unsubscribe function.
 */
export function syncAuthAcrossTabs(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.token && event.key !== null) return;
    const token = readStorage(STORAGE_KEYS.token);
    if (!token) loggedOut('other-tab');
    else tokenChanged(token);
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
