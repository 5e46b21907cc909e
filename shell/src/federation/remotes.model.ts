import { createEffect, createEvent, sample } from 'effector';
import { $token } from '@flotilla/shared';
import { matchRouteMeta } from '../router/route-match';
import { versionCheckDue } from '../version-check/version-check.model';
import { remoteRegistry } from './runtime';

/** The console started: `/remotes.json` is read now unless its page carried it (the server writes it in). */
export const consoleStarted = createEvent<void>();

const prepareRemotesFx = createEffect(async () => {
  await remoteRegistry.prepare();
});

/**
 * Starts loading the remote that owns the page the console opened on (the first page after a login),
 * before the shell's first render: its files then load while React renders the shell. The guards still
 * decide what mounts (router/authed-area, which also preloads on later navigations).
 */
const preloadOpeningPageFx = createEffect((pathname: string) => {
  const owner = matchRouteMeta(pathname)?.owner;
  if (owner && owner !== 'shell') remoteRegistry.preloadApp(owner);
});

// On each version check: changed versions load on the next entry into their area.
const refreshRemotesFx = createEffect(async () => {
  await remoteRegistry.refresh();
});

sample({ clock: consoleStarted, target: prepareRemotesFx });
sample({
  clock: consoleStarted,
  source: $token,
  filter: Boolean,
  fn: () => window.location.pathname,
  target: preloadOpeningPageFx,
});
sample({ clock: versionCheckDue, target: refreshRemotesFx });
