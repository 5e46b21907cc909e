import type { Clock } from '../../src/lib/clock';

/**
 * A clock that moves only when told: `advance` for the time between requests, and `sleep` moves it at
 * once (recording how long the server held the answer), so throttling tests never wait.
 */
export function manualClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  const slept: number[] = [];
  const clock: Clock & { advance(ms: number): void; slept: number[] } = {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms) => {
      now += ms;
    },
    slept,
  };
  return clock;
}
