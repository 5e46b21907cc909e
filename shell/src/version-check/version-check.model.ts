import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { GetVersionInfo, LIMITS, type VersionInfo } from '@flotilla/shared';

/**
 * The version fetched is compared with the first one seen; any other version is new.
 * `notified` is the version already announced, so one release is announced once.
 */
export function isNewVersion(first: string | null, current: string, notified: string | null = null): boolean {
  return first !== null && current !== first && current !== notified;
}

/** The console started: check now and then every 600000 ms (`LIMITS.versionCheckIntervalMs`). */
export const versionCheckStarted = createEvent<void>();
/** A check is due (the interval fired). The remotes' versions are re-read on it too. */
export const versionCheckDue = createEvent<void>();
/** A version other than the first one seen was found. */
export const newVersionFound = createEvent<VersionInfo>();

/** `GET /version.json?t=<timestamp>`; the timestamp defeats caches. */
export const fetchVersionFx = createEffect(async (): Promise<VersionInfo> => {
  const response = await fetch(`${GetVersionInfo.path}?t=${Date.now()}`, { cache: 'no-store' });
  if (!response.ok) throw new Error(`version.json answered ${response.status}`);
  return (await response.json()) as VersionInfo;
});

export const startVersionTimerFx = createEffect(() => {
  const tick = scopeBind(versionCheckDue, { safe: true });
  setInterval(() => tick(), LIMITS.versionCheckIntervalMs);
});

/** Asks what to do about a new version (Semi notice, loaded lazily). */
export const newVersionNoticeFx = createEffect(async (): Promise<'refresh' | 'cancel'> => {
  const { newVersionNotice } = await import('../notices/semi-notices');
  return newVersionNotice();
});

export const reloadForVersionFx = createEffect(() => window.location.reload());

export const $firstVersion = createStore<string | null>(null).on(
  fetchVersionFx.doneData,
  (first, info) => first ?? info.version,
);
const $notifiedVersion = createStore<string | null>(null).on(newVersionFound, (_, info) => info.version);

sample({ clock: versionCheckStarted, target: startVersionTimerFx });
sample({ clock: [versionCheckStarted, versionCheckDue], target: fetchVersionFx });
sample({
  clock: fetchVersionFx.doneData,
  source: { first: $firstVersion, notified: $notifiedVersion },
  filter: ({ first, notified }, info) => isNewVersion(first, info.version, notified),
  fn: (_, info) => info,
  target: newVersionFound,
});
sample({ clock: newVersionFound, target: newVersionNoticeFx });
sample({ clock: newVersionNoticeFx.doneData, filter: (choice) => choice === 'refresh', target: reloadForVersionFx });
