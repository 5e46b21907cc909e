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
