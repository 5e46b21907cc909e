import type { Cell } from '@flotilla/shared';

/** A cell as the row form shows it: empty for null. */
export function textOfCell(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return String(cell);
}

/**
 * What the row form sends for a column of `type` (the database's own type name): empty is null, a
 * number for numeric types and true/false for booleans when the text reads as one; anything else goes
 * as typed, and the server says which column it does not fit.
 */
export function cellFromText(type: string, text: string): Cell {
  if (text === '') return null;
  const lower = type.toLowerCase();
  if (/bool/.test(lower)) {
    if (/^(true|1)$/i.test(text.trim())) return true;
    if (/^(false|0)$/i.test(text.trim())) return false;
    return text;
  }
  if (/int|serial|real|float|double|numeric|decimal|number/.test(lower)) {
    const value = Number(text.trim());
    return text.trim() !== '' && Number.isFinite(value) ? value : text;
  }
  return text;
}
