import {
  DATABASE_TABLE_LIMITS,
  type Cell,
  type ImportColumn,
  type ImportPreviewResponse,
} from '@flotilla/shared/contracts';
import type { MessageKey } from '../../lib/messages';
import type { Grid, GridCell, GridRow } from './grid';
import { convert, inferType, type ValueProblem } from './values';

/** What is wrong with a file, a cell or a field, where (`['file', row, column]` or `['body', …]`). */
export type ImportIssue = { loc: Array<string | number>; key: MessageKey };

/** An import refused before anything was written: every issue found (the first DATABASE_TABLE_LIMITS.importErrors). */
export class ImportRefused extends Error {
  constructor(
    readonly issues: ImportIssue[],
    /** Rows with a value that does not fit, in all (0: the header or the form is wrong). */
    readonly badRows = 0,
  ) {
    super(`import refused: ${issues.map((issue) => `${issue.loc.join('.')} ${issue.key}`).join('; ')}`);
    this.name = 'ImportRefused';
  }
}

/** The header row's column names and the rows under it, as read from the file. */
export type ImportSheet = { header: GridRow; names: string[]; rows: GridRow[] };

const CONTROL = /[\u0000-\u001f\u007f]/;
/** SQLite's names of a row's id: a column so named would hide it, and row edits address rows by it. */
const ROWID_NAMES = /^(rowid|oid|_rowid_)$/i;

/**
 * Names from the header row: trimmed, non-empty, at most 64 characters, no `$` (kept for `$rowid`), not
 * `sqlite_…` (SQLite's own) nor rowid, oid or _rowid_, unique ignoring case (as SQLite compares them). Values right of the last named
 * column have no name: refused. Any problem → ImportRefused naming the column.
 */
export function readSheet(grid: Grid): ImportSheet {
  const [header, ...rows] = grid.rows;
  if (!header) throw new ImportRefused([{ loc: ['body', 'file'], key: 'FILE_EMPTY' }]);
  let width = header.cells.length;
  while (width > 0 && header.cells[width - 1] === null) width--;
  const at = (column: number) => ['file', header.number, column + 1];
  if (width > DATABASE_TABLE_LIMITS.columns)
    throw new ImportRefused([{ loc: at(DATABASE_TABLE_LIMITS.columns), key: 'IMPORT_TOO_MANY_COLUMNS' }]);
  const names: string[] = [];
  const seen = new Set<string>();
  for (let column = 0; column < width; column++) {
    const cell = header.cells[column] ?? null;
    const name =
      cell === null ? '' : typeof cell === 'object' ? ('date' in cell ? cell.date : '') : String(cell).trim();
    const key: MessageKey | undefined =
      name === ''
        ? 'IMPORT_HEADER_EMPTY'
        : name.length > DATABASE_TABLE_LIMITS.name || CONTROL.test(name)
          ? 'IMPORT_HEADER_INVALID'
          : name.includes('$') || /^sqlite_/i.test(name) || ROWID_NAMES.test(name)
            ? 'IMPORT_HEADER_RESERVED'
            : seen.has(name.toLowerCase())
              ? 'IMPORT_HEADER_DUPLICATE'
              : undefined;
    if (key) throw new ImportRefused([{ loc: ['file', header.number, name || column + 1], key }]);
    seen.add(name.toLowerCase());
    names.push(name);
  }
  for (const row of rows) {
    const stray = row.cells.findIndex((cell, column) => column >= width && cell !== null);
    if (stray !== -1) throw new ImportRefused([{ loc: ['file', row.number, stray + 1], key: 'IMPORT_HEADER_EMPTY' }]);
  }
  return { header, names, rows };
}

/** The inferred type of each column, then the types `overrides` give (a name not in the header → ImportRefused). */
export function columnTypes(sheet: ImportSheet, overrides: ImportColumn[] = []): ImportColumn[] {
  const columns = sheet.names.map((name, i) => ({
    name,
    type: inferType(sheet.rows.map((row) => row.cells[i] ?? null)),
  }));
  overrides.forEach((override, i) => {
    const column = columns.find((candidate) => candidate.name === override.name);
    if (!column) throw new ImportRefused([{ loc: ['body', 'columns', i, 'name'], key: 'DATABASE_COLUMN_NOT_FOUND' }]);
    column.type = override.type;
  });
  return columns;
}

/** A cell as the preview shows it (a date as its ISO text, a value the import cannot take as empty). */
function previewCell(cell: GridCell | undefined): Cell {
  if (cell === undefined || cell === null) return null;
  if (typeof cell === 'object') return 'date' in cell ? cell.date : null;
  return typeof cell === 'string' ? cell.slice(0, DATABASE_TABLE_LIMITS.cell) : cell;
}

export function previewOf(sheet: ImportSheet, columns: ImportColumn[]): ImportPreviewResponse {
  return {
    columns,
    rows: sheet.rows
      .slice(0, DATABASE_TABLE_LIMITS.previewRows)
      .map((row) => columns.map((_, i) => previewCell(row.cells[i]))),
    total: sheet.rows.length,
  };
}

/** Every row's values as stored; any value that does not fit its column → ImportRefused listing them. */
export function storedRows(sheet: ImportSheet, columns: ImportColumn[]): StoredRow[] {
  const issues: ImportIssue[] = [];
  let badRows = 0;
  const rows = sheet.rows.map((row) => {
    let bad = false;
    const values = columns.map((column, i) => {
      const converted = convert(row.cells[i] ?? null, column.type);
      if ('value' in converted) return converted.value;
      bad = true;
      if (issues.length < DATABASE_TABLE_LIMITS.importErrors)
        issues.push({ loc: ['file', row.number, column.name], key: converted.problem satisfies ValueProblem });
      return null;
    });
    if (bad) badRows++;
    return values;
  });
  if (badRows > 0) throw new ImportRefused(issues, badRows);
  return rows;
}

/** Stored values of a row, column by column (booleans as 0/1, dates as ISO text). */
export type StoredRow = Array<string | number | null>;

/**
 * What a parser process answers about a table file: its columns and types, the first rows and how many
 * there are; with `validate`, why it is refused (every value checked) or, when it has at most `rowsUpTo`
 * rows, their stored values. Only this crosses to the server's thread, not the sheet.
 */
export type TableCheck = ImportPreviewResponse & {
  refused?: { issues: ImportIssue[]; badRows: number };
  /** The rows' stored values (validated, and no more than `rowsUpTo` rows). */
  stored?: StoredRow[];
};
export type TableCheckOptions = { overrides?: ImportColumn[]; validate: boolean; rowsUpTo: number };

export function checkTable(grid: Grid, { overrides, validate, rowsUpTo }: TableCheckOptions): TableCheck {
  let sheet: ImportSheet;
  let columns: ImportColumn[];
  try {
    sheet = readSheet(grid);
    columns = columnTypes(sheet, overrides);
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    return { columns: [], rows: [], total: 0, refused: { issues: error.issues, badRows: error.badRows } };
  }
  const preview = previewOf(sheet, columns);
  if (!validate) return preview;
  try {
    const rows = storedRows(sheet, columns);
    return { ...preview, ...(rows.length <= rowsUpTo && { stored: rows }) };
  } catch (error) {
    if (!(error instanceof ImportRefused)) throw error;
    return { ...preview, refused: { issues: error.issues, badRows: error.badRows } };
  }
}
