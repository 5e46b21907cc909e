import { describe, expect, it } from 'vitest';
import { RateWindow } from '../../src/lib/rate-window';
import { manualClock } from '../support/manual-clock';

describe('RateWindow', () => {
  it('counts hits per key until the window ends and says when it does', () => {
    const clock = manualClock();
    const window = new RateWindow(60_000, clock.now);
    expect(window.hit('a', 2)).toBe(true);
    clock.advance(10_000);
    expect(window.hit('a', 2)).toBe(true);
    expect(window.hit('a', 2)).toBe(false);
    expect(window.hits('a')).toBe(2);
    expect(window.msUntilReset('a')).toBe(50_000);

    clock.advance(50_000);
    expect(window.hits('a')).toBe(0);
    expect(window.hit('a', 2)).toBe(true);
  });

  it('stays bounded under a spray of keys, forgetting the oldest windows first', () => {
    const clock = manualClock();
    const window = new RateWindow(60_000, clock.now, 100);
    window.hit('first');
    for (let i = 0; i < 100; i++) window.hit(`spray-${i}`);
    expect(window.hits('first')).toBe(0);
    expect(window.hits('spray-99')).toBe(1);
  });
});
