import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { ReasonError } from '../reasons';
import { decodeUtf8 } from './text';

/** A row of a table with its number as a spreadsheet shows it (1 for the first line). */
export type TableRow = { number: number; cells: string[] };
export type Sheet = { name: string; rows: TableRow[] };

/** A cell as one line of trimmed text. */
const cellText = (value: string) => value.replace(/\s*[\r\n]+\s*/g, ' ').trim();
const hasContent = (row: TableRow) => row.cells.some((cell) => cell !== '');

/** The rows of a UTF-8 CSV (ragged rows and stray quotes tolerated); FILE_CORRUPT when it cannot be parsed. */
export function csvSheets(bytes: Uint8Array): Sheet[] {
  const text = decodeUtf8(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch {
    throw new ReasonError('FILE_CORRUPT');
  }
  const rows = records.map((cells, i) => ({ number: i + 1, cells: cells.map(cellText) })).filter(hasContent);
  return [{ name: '', rows }];
}

/** The rows of every worksheet of an xlsx workbook (cells as displayed text); FILE_CORRUPT when it cannot be read. */
export async function xlsxSheets(bytes: Uint8Array): Promise<Sheet[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's declared Buffer type lags Node's; the bytes are what it reads.
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer,
    );
  } catch {
    throw new ReasonError('FILE_CORRUPT');
  }
  return workbook.worksheets.map((sheet) => {
    const rows: TableRow[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, column) => {
        cells[column - 1] = cellText(cell.text ?? '');
      });
      const filled = Array.from(cells, (cell) => cell ?? '');
      if (filled.some((cell) => cell !== '')) rows.push({ number, cells: filled });
    });
    return { name: sheet.name, rows };
  });
}

/**
 * Tables as text for splitting: one line per row, `header: value` pairs when the first row names the
 * columns (so every segment keeps what its values mean), the sheet's name above its rows when there are
 * several sheets, sheets apart as paragraphs.
 */
export function tableText(sheets: Sheet[]): string {
  const blocks: string[] = [];
  const named = sheets.filter((sheet) => sheet.rows.length > 0).length > 1;
  for (const sheet of sheets) {
    if (sheet.rows.length === 0) continue;
    const [first, ...rest] = sheet.rows as [TableRow, ...TableRow[]];
    const headers = first.cells;
    const withHeaders = rest.length > 0 && headers.filter((cell) => cell !== '').length >= 2;
    const lines = withHeaders
      ? rest.map((row) =>
          row.cells
            .map((value, i) => (value === '' ? '' : headers[i] ? `${headers[i]}: ${value}` : value))
            .filter((pair) => pair !== '')
            .join('; '),
        )
      : sheet.rows.map((row) => row.cells.filter((cell) => cell !== '').join(' | '));
    blocks.push((named && sheet.name ? `${sheet.name}\n` : '') + lines.join('\n'));
  }
  return blocks.join('\n\n');
}
