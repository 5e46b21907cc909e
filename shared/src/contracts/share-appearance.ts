/**
 * How a share looks: its theme colour (with text colours readable on it and on the chat's backgrounds)
 * and its icon. Pure functions, used by the chat page and by the server, which draws the page's first
 * paint with them.
 */

/** The default theme colour (the console's own, for a share that set none). */
export const DEFAULT_THEME_COLOR = '#165DFF';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** True for a `#rgb` or `#rrggbb` colour. */
export function isHexColor(color: string): boolean {
  return HEX.test(color);
}

/** The share's theme colour when it is a hex colour, else the default. */
export function themeColorOf(color: string | undefined): string {
  return color && isHexColor(color.trim()) ? color.trim() : DEFAULT_THEME_COLOR;
}

const DARK_TEXT = '#1c1f23';
const LIGHT_TEXT = '#ffffff';

/** The red, green and blue (0–255) of a `#rgb` or `#rrggbb` colour. */
export function channelsOf(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

const hexOf = (channels: number[]) => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = channelsOf(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever has the higher contrast on `hex`. */
export function textColorOn(hex: string): string {
  return contrast(hex, LIGHT_TEXT) >= contrast(hex, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * The backgrounds accent-coloured text sits on, in the light and dark themes: the answer bubbles (chat.css
 * `--flc-bubble`), the least contrasting of them.
 */
export const TEXT_BACKGROUNDS = { light: '#f2f3f5', dark: '#26282c' } as const;

/** The contrast WCAG asks of body text (AA). */
const READABLE = 4.5;

/**
 * The theme colour as text (links, the session on screen, small buttons) on `background`: itself when it
 * reads well there, else mixed towards black (light backgrounds) or white (dark ones) just enough to.
 */
export function readableOn(hex: string, background: string): string {
  const towards = luminance(background) > 0.5 ? 0 : 255;
  const channels = channelsOf(hex);
  for (let step = 0; step <= 20; step++) {
    const mixed = hexOf(channels.map((c) => c + ((towards - c) * step) / 20));
    if (contrast(mixed, background) >= READABLE) return step === 0 ? hex : mixed;
  }
  return hexOf([towards, towards, towards]);
}

/** How to draw the share's icon: an image URL, a short text (an emoji), or the name's first letter. */
export type IconKind = { kind: 'image'; src: string } | { kind: 'text'; text: string };

/**
 * The share's icon as drawn: `icon` when it is an image of this server (an uploaded icon) or a data: image,
 * or a short text; else the name's first letter. Images from other sites are not drawn: the pages' CSP
 * loads images from this server only (so an answer cannot send a conversation away in an image address).
 */
export function iconOf(icon: string | undefined, name: string): IconKind {
  const value = icon?.trim() ?? '';
  if (/^(\/(?!\/)|data:image\/)/i.test(value)) return { kind: 'image', src: value };
  if (value && [...value].length <= 2) return { kind: 'text', text: value };
  const first = [...name.trim()][0];
  return { kind: 'text', text: first ? first.toUpperCase() : '?' };
}

/**
 * The share's theme colour as the chat's CSS custom properties: as a background (header, send button,
 * the chatter's bubbles) with readable text on it, and as text on the light and dark backgrounds.
 */
export function accentVariablesOf(
  themeColor: string | undefined,
): Record<'--flc-accent' | '--flc-on-accent' | '--flc-accent-text-light' | '--flc-accent-text-dark', string> {
  const accent = themeColorOf(themeColor);
  return {
    '--flc-accent': accent,
    '--flc-on-accent': textColorOn(accent),
    '--flc-accent-text-light': readableOn(accent, TEXT_BACKGROUNDS.light),
    '--flc-accent-text-dark': readableOn(accent, TEXT_BACKGROUNDS.dark),
  };
}
