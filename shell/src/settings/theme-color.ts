import type { Theme } from '@flotilla/shared';
import { channelsOf, isHexColor } from '@flotilla/shared/contracts';

/** Semi's colour variables that follow the console's theme colour (its components read these). */
export type ThemeColorVariables = Record<`--semi-color-${string}`, string>;

/** `rgb` moved towards white (amount > 0) or black (amount < 0), as Semi's own scales step. */
function mix([r, g, b]: [number, number, number], amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const step = (c: number) => Math.round(c + (target - c) * Math.abs(amount));
  return `rgb(${step(r)}, ${step(g)}, ${step(b)})`;
}

/**
 * The primary, link and focus colours of Semi for a theme colour: the colour itself, darker on hover and
 * press in the light theme, lighter in the dark one (where Semi's own primary is lighter too), and its
 * translucent tints for light backgrounds. Undefined for anything but a hex colour, so a damaged stored value
 * leaves Semi's defaults alone.
 */
export function themeColorVariables(color: string, theme: Theme): ThemeColorVariables | undefined {
  if (!isHexColor(color)) return undefined;
  const rgb = channelsOf(color);
  const dark = theme === 'dark';
  const base = dark ? mix(rgb, 0.15) : mix(rgb, 0);
  const hover = dark ? mix(rgb, 0.3) : mix(rgb, -0.12);
  const active = dark ? mix(rgb, 0.45) : mix(rgb, -0.24);
  const tint = (alpha: number) => `rgba(${rgb.join(', ')}, ${alpha})`;
  return {
    '--semi-color-primary': base,
    '--semi-color-primary-hover': hover,
    '--semi-color-primary-active': active,
    '--semi-color-primary-light-default': tint(dark ? 0.2 : 0.1),
    '--semi-color-primary-light-hover': tint(dark ? 0.3 : 0.16),
    '--semi-color-primary-light-active': tint(dark ? 0.4 : 0.24),
    '--semi-color-focus-border': base,
    '--semi-color-link': base,
    '--semi-color-link-hover': hover,
    '--semi-color-link-active': active,
    '--semi-color-link-visited': base,
  };
}
