/** The console's default theme colour (spec §3). */
export const DEFAULT_THEME_COLOR = '#165DFF';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The share's theme colour when it is a hex colour, else the default. */
export function themeColorOf(color: string | undefined): string {
  return color && HEX.test(color.trim()) ? color.trim() : DEFAULT_THEME_COLOR;
}

const DARK_TEXT = '#1c1f23';
const LIGHT_TEXT = '#ffffff';

/** WCAG relative luminance of a `#rgb` or `#rrggbb` colour. */
function luminance(hex: string): number {
  let h = hex.replace('#', '');
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  const channel = (i: number) => {
    const v = parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
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

/** How to draw the share's icon: an image URL, a short text (an emoji), or the name's first letter. */
export type IconKind = { kind: 'image'; src: string } | { kind: 'text'; text: string };

export function iconOf(icon: string | undefined, name: string): IconKind {
  const value = icon?.trim() ?? '';
  if (/^(https?:\/\/|\/|data:image\/)/i.test(value)) return { kind: 'image', src: value };
  if (value && [...value].length <= 2) return { kind: 'text', text: value };
  const first = [...name.trim()][0];
  return { kind: 'text', text: first ? first.toUpperCase() : '?' };
}
