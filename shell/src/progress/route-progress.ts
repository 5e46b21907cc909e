import { useEffect } from 'react';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './route-progress.css';

/**
 * The product's progress bar: minimum 0.08, speed 200 ms, trickle rate 0.02 every 800 ms.
 * nprogress 0.2.0 has no trickle rate (its own trickle adds a random amount), so its trickle is off
 * and an interval adds exactly `trickleRate` every `trickleIntervalMs`.
 */
export const PROGRESS_SETTINGS = { minimum: 0.08, speed: 200, trickleRate: 0.02, trickleIntervalMs: 800 } as const;

type Bar = Pick<typeof NProgress, 'configure' | 'start' | 'inc' | 'done'>;
type Timers = {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (id: never) => void;
};

export type RouteProgress = { start(): void; done(): void };

export function createRouteProgress(bar: Bar, timers: Timers = globalThis as unknown as Timers): RouteProgress {
  bar.configure({
    minimum: PROGRESS_SETTINGS.minimum,
    speed: PROGRESS_SETTINGS.speed,
    trickle: false,
    trickleSpeed: PROGRESS_SETTINGS.trickleIntervalMs,
    showSpinner: false,
  });
  let timer: unknown = null;
  const stop = () => {
    if (timer !== null) timers.clearInterval(timer as never);
    timer = null;
  };
  return {
    start() {
      stop();
      bar.start();
      timer = timers.setInterval(() => bar.inc(PROGRESS_SETTINGS.trickleRate), PROGRESS_SETTINGS.trickleIntervalMs);
    },
    done() {
      if (timer === null) return;
      stop();
      bar.done();
    },
  };
}

/** The console's one progress bar. */
export const routeProgress = createRouteProgress(NProgress);

/** Finishes the progress bar once the calling page has rendered for the current navigation. */
export function useRouteSettled(settled: boolean, navigationKey: string): void {
  useEffect(() => {
    if (settled) routeProgress.done();
  }, [settled, navigationKey]);
}
