import { LIMITS, type Device } from '@flotilla/shared';
import { NOTICE_CONFIG } from '../notices/notice';

/** Screen sizes, one per range between the product's breakpoints (600, 1024, 1440, 1920 px). */
export const SCREENS = ['phone', 'tablet', 'laptop', 'desktop', 'wide'] as const;
export type Screen = (typeof SCREENS)[number];

/** The screen size of a window `width` px wide. */
export function screenFor(width: number): Screen {
  const index = LIMITS.breakpoints.findIndex((breakpoint) => width < breakpoint);
  return SCREENS[index === -1 ? SCREENS.length - 1 : index] as Screen;
}

/** Below the 1024 px breakpoint (phones, tablets) the console is in mobile mode: the side menu collapses. */
export function deviceFor(width: number): Device {
  return width < LIMITS.breakpoints[1] ? 'mobile' : 'desktop';
}

/**
 * Hands the screen size and the motion duration to the stylesheets, so that neither is written twice:
 * `data-screen` on `root` (layout.css adapts with `[data-screen='phone']` selectors) and
 * `--fl-motion-duration` (the side menu's and the drawers' transitions).
 */
export function applyScreen(root: HTMLElement, width: number): Screen {
  const screen = screenFor(width);
  root.dataset.screen = screen;
  root.style.setProperty('--fl-motion-duration', `${NOTICE_CONFIG.transitionMs}ms`);
  return screen;
}
