import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { DATABASE_TABLE_LIMITS } from '@flotilla/shared/contracts';
import { decodeUtf8 } from '../parsers/text';
import { ReasonError } from '../reasons';

/**
 * A cell as a sheet holds it: text, a number, a boolean, a date (`date`: an ISO date, or date and time),
 * empty (null), or a value the import cannot take (`problem`: a formula with no saved result, an error value).
 */
export type GridCell = string | number | boolean | null | { date: string } | { problem: 'formula' | 'error' };
/** A row with its number as the sheet shows it (1: the header row of most files). */
export type GridRow = { number: number; cells: GridCell[] };
/** The rows of a table file with something in them, the header row first. */
export type Grid = { rows: GridRow[] };

const hasContent = (row: GridRow) => row.cells.some((cell) => cell !== null);

/**
 * More rows than an import takes: refused before anything is inferred or written. `maxRows`: a caller's own
 * cap (below its header row), refused as IMPORT_TOO_MANY_ROWS; else the database import's, FILE_TOO_COMPLEX.
 */
function checkRowCount(rows: number, maxRows?: number): void {
  // +1: the header row.
  if (maxRows !== undefined && rows > maxRows + 1) throw new ReasonError('IMPORT_TOO_MANY_ROWS');
  if (rows > DATABASE_TABLE_LIMITS.importRows + 1) throw new ReasonError('FILE_TOO_COMPLEX');
}

/** A UTF-8 csv (a BOM is dropped) as text cells; empty cells are null. */
export function csvGrid(bytes: Uint8Array, maxRows?: number): Grid {
  const text = decodeUtf8(bytes);
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: false }) as string[][];
  } catch {
    throw new ReasonError('FILE_CORRUPT');
  }
  checkRowCount(records.length, maxRows);
  const rows = records
    .map((cells, i) => ({
      number: i + 1,
      cells: cells.slice(0, DATABASE_TABLE_LIMITS.columns + 1).map((cell) => (cell.trim() === '' ? null : cell.trim())),
    }))
    .filter(hasContent);
  return { rows };
}

/** Midnight UTC reads as a date alone; any other time as date and time (exceljs reads cells as UTC). */
function isoOf(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}

function xlsxCell(value: ExcelJS.CellValue): GridCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
  if (value instanceof Date) return { date: isoOf(value) };
  if ('error' in value) return { problem: 'error' };
  if ('formula' in value || 'sharedFormula' in value) {
    // A formula's value is the result the spreadsheet saved with it; a file written without one has none.
    const result = (value as { result?: ExcelJS.CellValue }).result;
    if (result === undefined) return { problem: 'formula' };
    return xlsxCell(result);
  }
  if ('richText' in value) return xlsxCell(value.richText.map((part) => part.text).join(''));
  if ('text' in value) return xlsxCell((value as { text: ExcelJS.CellValue }).text);
  return null;
}

/** The first worksheet of an xlsx workbook with typed cells. */
export async function xlsxGrid(bytes: Uint8Array, maxRows?: number): Promise<Grid> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's declared Buffer type lags Node's; the bytes are what it reads.
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
    );
  } catch {
    throw new ReasonError('FILE_CORRUPT');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [] };
  checkRowCount(sheet.actualRowCount, maxRows);
  const rows: GridRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: GridCell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = xlsxCell(cell.value);
    });
    const filled = Array.from(cells, (cell) => cell ?? null);
    if (filled.length > DATABASE_TABLE_LIMITS.columns + 1) filled.length = DATABASE_TABLE_LIMITS.columns + 1;
    const gridRow = { number, cells: filled };
    if (hasContent(gridRow)) rows.push(gridRow);
  });
  return { rows };
}

/**
 * The first table of a csv or xlsx file, for a database table import or a users import (read in a parser
 * process: ../parse-process.ts); `maxRows`: see checkRowCount.
 */
export async function tableGrid(type: 'csv' | 'xlsx', bytes: Uint8Array, maxRows?: number): Promise<Grid> {
  return type === 'csv' ? csvGrid(bytes, maxRows) : xlsxGrid(bytes, maxRows);
}
