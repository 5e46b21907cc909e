let last = 0;

/**
 * Current time as an ISO string, strictly increasing within this process, so "newest first"
 * lists keep the creation order of rows created in the same millisecond.
 */
export function isoNow(): string {
  const now = Math.max(Date.now(), last + 1);
  last = now;
  return new Date(now).toISOString();
}

/**
 * Time for the throttles (login backoff, user-creation limits): `now` in milliseconds and `sleep` for
 * the delays they impose. Tests pass a manual clock whose `sleep` moves `now` instead of waiting.
 */
export type Clock = { now(): number; sleep(ms: number): Promise<void> };

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()),
};
