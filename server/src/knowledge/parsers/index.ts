import type { DocumentType } from '../file-types';
import { ReasonError } from '../reasons';
import { docxText } from './docx';
import { htmlText } from './html';
import { pdfText } from './pdf';
import { csvSheets, tableText, xlsxSheets, type Sheet } from './table';
import { decodeUtf8, normaliseText } from './text';

export { qaPairs, type QaImport } from './qa';
export type { Sheet, TableRow } from './table';

/** Called as parsing advances (0..1); may throw to stop it. */
export type ParseProgress = (fraction: number) => Promise<void>;

/**
 * The text of a document of a known type, normalised (see normaliseText). Throws a ReasonError for what the
 * user can act on: FILE_EMPTY (no text at all, e.g. a scanned PDF), FILE_ENCRYPTED, FILE_CORRUPT, FILE_NOT_UTF8.
 * It runs where it is called, with no limit on memory or time: the server reads uploads only through the
 * parser pool (../parse-pool.ts), which runs it in a process of its own within the parse budget.
 */
export async function documentText(type: DocumentType, bytes: Uint8Array, progress?: ParseProgress): Promise<string> {
  const raw = await rawText(type, bytes, progress);
  const text = normaliseText(raw);
  if (text === '') throw new ReasonError('FILE_EMPTY');
  return text;
}

async function rawText(type: DocumentType, bytes: Uint8Array, progress?: ParseProgress): Promise<string> {
  switch (type) {
    case 'txt':
    case 'md':
      return decodeUtf8(bytes);
    case 'html':
      return htmlText(decodeUtf8(bytes));
    case 'csv':
    case 'xlsx':
      return tableText(await tableSheets(type, bytes));
    case 'pdf':
      return pdfText(bytes, progress && ((done, total) => progress(done / total)));
    case 'docx':
      return docxText(bytes);
  }
}

/** The rows of a csv or xlsx file, sheet by sheet. */
export async function tableSheets(type: 'csv' | 'xlsx', bytes: Uint8Array): Promise<Sheet[]> {
  return type === 'csv' ? csvSheets(bytes) : xlsxSheets(bytes);
}
