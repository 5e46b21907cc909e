import { CLIENT_ERRORS } from './contracts/client-errors';

/**
 * The version of what `@flotilla/shared` offers the apps (its exports and their signatures). Raise it
 * whenever an app built now relies on something an older shared lacks: the shell provides its own copy
 * of shared to every remote at run time, so a remote deployed ahead of the shell would otherwise find
 * `undefined` where it expects a function.
 */
export const SHARED_API_VERSION = 5;

/** The code a remote fails with when the console's shared is older than the one it was built against. */
export const SHARED_TOO_OLD = CLIENT_ERRORS.sharedTooOld;

/**
 * Called first by every module a remote exposes, with the shared module the console provides:
 * throws (`FLOTILLA_SHARED_TOO_OLD: …`, shown by the area's RemoteBoundary with Retry) when that shared
 * is older than `builtAgainst`. This module is not a federation singleton, so `builtAgainst` is the
 * version the remote was built with, while `running` is the shell's.
 */
export function requireSharedApi(
  running: { readonly SHARED_API_VERSION?: unknown },
  builtAgainst: number = SHARED_API_VERSION,
): void {
  const version = running.SHARED_API_VERSION;
  if (typeof version === 'number' && version >= builtAgainst) return;
  throw new Error(
    `${SHARED_TOO_OLD}: this area was built for shared API ${builtAgainst}, but the console provides ${typeof version === 'number' ? version : 'an older one'}; reload the page after the console is updated`,
  );
}
