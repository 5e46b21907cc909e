import { CHUNK_LIMITS, DEFAULT_SEPARATORS } from '@flotilla/shared';

/**
 * Separators are often invisible (a line break, a tab); the tag input shows and takes them written
 * as escapes: `\n` for a line break, `\t` for a tab, `\\` for a backslash.
 */
export function showSeparator(separator: string): string {
  return separator.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/\r/g, '\\r');
}

/** The separator a written one stands for (the reverse of {@link showSeparator}). */
export function readSeparator(written: string): string {
  return written.replace(/\\(\\|n|t|r)/g, (_, escape: string) => ({ n: '\n', t: '\t', r: '\r' })[escape] ?? '\\');
}

/** The defaults, written, for the placeholder of an empty separator input. */
export const DEFAULT_SEPARATORS_SHOWN = DEFAULT_SEPARATORS.map(showSeparator).join('  ');

/** True when `separators` are the defaults (an empty input stands for them). */
export function areDefaultSeparators(separators: readonly string[]): boolean {
  return (
    separators.length === DEFAULT_SEPARATORS.length &&
    separators.every((separator, index) => separator === DEFAULT_SEPARATORS[index])
  );
}

/** Why written separators are refused (the server's limits), or `null`. */
export function separatorsProblem(separators: readonly string[]): 'tooMany' | 'tooLong' | null {
  if (separators.length > CHUNK_LIMITS.separators) return 'tooMany';
  if (separators.some((separator) => separator.length === 0 || separator.length > 10)) return 'tooLong';
  return null;
}
