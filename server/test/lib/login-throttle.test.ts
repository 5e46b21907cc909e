import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, LoginThrottle } from '../../src/lib/login-throttle';
import { manualClock } from '../support/manual-clock';

/** Fails `times` admitted attempts of `username` from `address`, waiting out nothing. */
async function fail(throttle: LoginThrottle, username: string, address: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    expect(throttle.admit(username, address)).toBe(0);
    await throttle.failed(username, address);
  }
}

describe('LoginThrottle', () => {
  it('forgets a pair a window after its last attempt', async () => {
    const clock = manualClock();
    const throttle = new LoginThrottle(clock);
    await fail(throttle, 'alice', '10.0.0.1', LOGIN_THROTTLE.freeFailures + 1);
    expect(throttle.admit('alice', '10.0.0.1')).toBe(1000);

    clock.advance(LOGIN_THROTTLE.windowMs);
    await fail(throttle, 'alice', '10.0.0.1', LOGIN_THROTTLE.freeFailures + 1);
  });

  it('stays bounded under a spray of usernames: the oldest pairs are forgotten, the newest kept', async () => {
    const clock = manualClock();
    const throttle = new LoginThrottle(clock, { ...LOGIN_THROTTLE, maxKeys: 100 });
    await fail(throttle, 'victim', '10.0.0.1', LOGIN_THROTTLE.freeFailures + 1);
    for (let i = 0; i < 100; i++) await fail(throttle, `spray-${i}`, '10.0.0.2');
    await fail(throttle, 'recent', '10.0.0.3', LOGIN_THROTTLE.freeFailures + 1);

    expect(throttle.admit('recent', '10.0.0.3')).toBeGreaterThan(0);
    // Pushed out by the spray: its backoff is gone (memory, not safety, is what the cap protects).
    expect(throttle.admit('victim', '10.0.0.1')).toBe(0);
  });
});
