import { ReasonError } from '../reasons';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
// C0 controls but tab and line breaks, and DEL: noise from extraction, never content.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The bytes as UTF-8 text (a BOM dropped); FILE_NOT_UTF8 otherwise. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ReasonError('FILE_NOT_UTF8');
  }
}

/**
 * Extracted text made regular, in one pass over its lines (linear, whatever the input): line breaks as `\n`,
 * control characters and trailing spaces dropped, runs of blank lines as one blank line (a paragraph break),
 * no blank lines at either end.
 */
export function normaliseText(raw: string): string {
  const lines: string[] = [];
  let blank = false;
  for (const line of raw.split(/\r\n|\r|\n|\u2028|\u2029/)) {
    const clean = line.replace(CONTROL, '').trimEnd();
    if (clean.trim() === '') {
      blank = lines.length > 0;
      continue;
    }
    if (blank) lines.push('');
    blank = false;
    lines.push(clean);
  }
  return lines.join('\n');
}
