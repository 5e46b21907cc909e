import { DATABASE_TABLE_LIMITS, type Cell, type ImportColumnType } from '@flotilla/shared/contracts';
import type { GridCell } from './grid';

/** Why a value does not fit its column (a message key of messages.ts). */
export type ValueProblem =
  | 'IMPORT_NOT_INTEGER'
  | 'IMPORT_NOT_NUMBER'
  | 'IMPORT_NOT_BOOLEAN'
  | 'IMPORT_NOT_DATE'
  | 'IMPORT_NOT_TEXT'
  | 'IMPORT_TEXT_TOO_LONG'
  | 'IMPORT_FORMULA_NO_RESULT'
  | 'IMPORT_CELL_ERROR';

/** A value as stored in SQLite (booleans as 0/1, dates as ISO text), or why it cannot be. */
export type Converted = { value: string | number | null } | { problem: ValueProblem };

const INTEGER = /^[+-]?\d{1,15}$/;
/** An integer written the way a number is: no leading zero (`007` and phone numbers stay text). */
const PLAIN_INTEGER = /^-?(0|[1-9]\d{0,14})$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const PLAIN_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const TRUE_WORDS = new Set(['true', 'yes', '是', '1']);
const FALSE_WORDS = new Set(['false', 'no', '否', '0']);
const DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;

/** `YYYY-MM-DD` of a real calendar date written as Y-M-D or Y/M/D; undefined otherwise. */
function isoDate(text: string): string | undefined {
  const match = DATE.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

const booleanWord = (text: string) => {
  const word = text.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? 1 : FALSE_WORDS.has(word) ? 0 : undefined;
};

/** A cell's value as `type` stores it. An empty cell is NULL whatever the type. */
export function convert(cell: GridCell | Cell, type: ImportColumnType): Converted {
  if (cell === null) return { value: null };
  if (typeof cell === 'object') {
    if ('problem' in cell)
      return { problem: cell.problem === 'formula' ? 'IMPORT_FORMULA_NO_RESULT' : 'IMPORT_CELL_ERROR' };
    if (type === 'date' || type === 'text') return { value: cell.date };
    return {
      problem:
        type === 'integer' ? 'IMPORT_NOT_INTEGER' : type === 'number' ? 'IMPORT_NOT_NUMBER' : 'IMPORT_NOT_BOOLEAN',
    };
  }
  switch (type) {
    case 'text': {
      const text = typeof cell === 'string' ? cell : String(cell);
      return text.length > DATABASE_TABLE_LIMITS.cell ? { problem: 'IMPORT_TEXT_TOO_LONG' } : { value: text };
    }
    case 'integer':
      if (typeof cell === 'number')
        return Number.isSafeInteger(cell) ? { value: cell } : { problem: 'IMPORT_NOT_INTEGER' };
      if (typeof cell === 'string' && INTEGER.test(cell.trim())) return { value: Number(cell.trim()) };
      return { problem: 'IMPORT_NOT_INTEGER' };
    case 'number':
      if (typeof cell === 'number') return Number.isFinite(cell) ? { value: cell } : { problem: 'IMPORT_NOT_NUMBER' };
      if (typeof cell === 'string' && DECIMAL.test(cell.trim()) && Number.isFinite(Number(cell.trim())))
        return { value: Number(cell.trim()) };
      return { problem: 'IMPORT_NOT_NUMBER' };
    case 'boolean': {
      if (typeof cell === 'boolean') return { value: cell ? 1 : 0 };
      const flag = booleanWord(String(cell));
      return flag === undefined ? { problem: 'IMPORT_NOT_BOOLEAN' } : { value: flag };
    }
    case 'date': {
      const date = typeof cell === 'string' ? isoDate(cell.trim()) : undefined;
      return date === undefined ? { problem: 'IMPORT_NOT_DATE' } : { value: date };
    }
  }
}

// The narrower types a column may still have, as bits: one test per cell, no allocation (a million rows).
const INTEGER_BIT = 1;
const NUMBER_BIT = 2;
const BOOLEAN_BIT = 4;
const DATE_BIT = 8;
const BOOLEAN_WORD = /^(true|false|yes|no|是|否)$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The narrower types a single non-empty cell fits (text it always fits). */
function fits(cell: Exclude<GridCell, null>): number {
  if (typeof cell === 'object') return 'date' in cell && cell.date.length === 10 ? DATE_BIT : 0;
  if (typeof cell === 'boolean') return BOOLEAN_BIT;
  if (typeof cell === 'number') return NUMBER_BIT | (Number.isSafeInteger(cell) ? INTEGER_BIT : 0);
  const text = cell.trim();
  let bits = 0;
  if (PLAIN_INTEGER.test(text)) bits |= INTEGER_BIT | NUMBER_BIT;
  else if (PLAIN_DECIMAL.test(text)) bits |= NUMBER_BIT;
  if (BOOLEAN_WORD.test(text)) bits |= BOOLEAN_BIT;
  if (ISO_DATE.test(text) && isoDate(text) !== undefined) bits |= DATE_BIT;
  return bits;
}

/**
 * The type of a column from its values: integer, number, boolean (true/false, yes/no, 是/否), date
 * (YYYY-MM-DD text or a date cell), else text. Empty cells say nothing; a column with none is text.
 */
export function inferType(cells: Iterable<GridCell>): ImportColumnType {
  let possible = INTEGER_BIT | NUMBER_BIT | BOOLEAN_BIT | DATE_BIT;
  let seen = false;
  for (const cell of cells) {
    if (cell === null) continue;
    seen = true;
    possible &= fits(cell);
    if (possible === 0) return 'text';
  }
  if (!seen) return 'text';
  if (possible & INTEGER_BIT) return 'integer';
  if (possible & NUMBER_BIT) return 'number';
  if (possible & BOOLEAN_BIT) return 'boolean';
  return 'date';
}

/** The SQLite column type an import declares for each type (read back by row edits: see columnTypeOf). */
export const DECLARED_TYPES: Record<ImportColumnType, string> = {
  text: 'TEXT',
  integer: 'INTEGER',
  number: 'REAL',
  boolean: 'BOOLEAN',
  date: 'DATE',
};

/**
 * How a row edit checks a value for a column of a built-in table, from its declared type by SQLite's own
 * affinity rules (BOOLEAN and DATE as the import declares them); undefined: any value (no declared type).
 */
export function columnTypeOf(declared: string): ImportColumnType | undefined {
  const type = declared.toUpperCase();
  if (type === '') return undefined;
  if (type.startsWith('BOOL')) return 'boolean';
  if (type === 'DATE') return 'date';
  if (type.includes('INT')) return 'integer';
  if (type.includes('CHAR') || type.includes('CLOB') || type.includes('TEXT')) return 'text';
  if (type.includes('BLOB')) return undefined;
  return 'number';
}
