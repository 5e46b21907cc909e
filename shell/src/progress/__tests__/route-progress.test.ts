import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRouteProgress, PROGRESS_SETTINGS } from '../route-progress';

function fakeBar() {
  return { configure: vi.fn(), start: vi.fn(), inc: vi.fn(), done: vi.fn() };
}

describe('route progress bar', () => {
  afterEach(() => vi.useRealTimers());

  it('is configured with minimum 0.08 and speed 200, without nprogress’s random trickle', () => {
    const bar = fakeBar();
    createRouteProgress(bar as never);
    expect(bar.configure).toHaveBeenCalledWith(expect.objectContaining({ minimum: 0.08, speed: 200, trickle: false }));
  });

  it('trickles by 0.02 every 800 ms until done', () => {
    vi.useFakeTimers();
    const bar = fakeBar();
    const progress = createRouteProgress(bar as never);
    progress.start();
    expect(bar.start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(799);
    expect(bar.inc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(bar.inc).toHaveBeenCalledWith(PROGRESS_SETTINGS.trickleRate);
    vi.advanceTimersByTime(1600);
    expect(bar.inc).toHaveBeenCalledTimes(3);
    progress.done();
    expect(bar.done).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(bar.inc).toHaveBeenCalledTimes(3);
  });

  it('ignores done without a start, and restarts cleanly on a new navigation', () => {
    vi.useFakeTimers();
    const bar = fakeBar();
    const progress = createRouteProgress(bar as never);
    progress.done();
    expect(bar.done).not.toHaveBeenCalled();
    progress.start();
    progress.start();
    vi.advanceTimersByTime(800);
    expect(bar.inc).toHaveBeenCalledTimes(1);
  });
});
