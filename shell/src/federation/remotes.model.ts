import { createEffect, createEvent, sample } from 'effector';
import { versionCheckDue } from '../version-check/version-check.model';
import { remoteRegistry } from './runtime';

/** Read `/remotes.json` (at start, and on each version check: changed versions load on the next entry into the area). */
export const refreshRemotes = createEvent<void>();

const refreshRemotesFx = createEffect(async () => {
  await remoteRegistry.refresh();
});

sample({ clock: [refreshRemotes, versionCheckDue], target: refreshRemotesFx });
