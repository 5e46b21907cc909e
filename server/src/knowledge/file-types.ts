import { extname } from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { DatasetFileType } from '@flotilla/shared/contracts';
import { isUtf8Text, sniffContentType } from '../lib/upload-content';
import type { Reason } from './reasons';

/** The document types a dataset file can hold (a QA import is csv or xlsx). */
export type DocumentType = Exclude<DatasetFileType, 'qa'>;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TYPE_OF_CONTENT: Record<string, DocumentType> = {
  'application/pdf': 'pdf',
  [DOCX]: 'docx',
  [XLSX]: 'xlsx',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/csv': 'csv',
  'text/html': 'html',
};
const CONTENT_OF_TYPE = Object.fromEntries(
  Object.entries(TYPE_OF_CONTENT).map(([mime, type]) => [type, mime]),
) as Record<DocumentType, string>;
const ALLOWED = Object.keys(TYPE_OF_CONTENT);

const TYPE_OF_EXTENSION: Record<string, DocumentType> = {
  '.txt': 'txt',
  '.text': 'txt',
  '.md': 'md',
  '.markdown': 'md',
  '.csv': 'csv',
  '.html': 'html',
  '.htm': 'html',
  '.xhtml': 'html',
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.xlsx': 'xlsx',
};
const TEXT_TYPES: readonly DocumentType[] = ['txt', 'md', 'csv', 'html'];

/**
 * What a file is. `problem` set: its name says `type` but its content cannot be parsed as one (it is empty,
 * not UTF-8, protected, damaged, or something else renamed) — the file is kept and marked failed with that
 * reason. Undefined: neither its content nor its name is a supported type (refused at upload).
 */
export type Detected = { type: DocumentType; contentType: string; problem?: Reason };

/**
 * The type of a dataset file, decided by its content (the uploads' check: binary formats by signature, text
 * types by the name once the bytes prove to be UTF-8 text), never by what the client claims.
 */
export async function detectFileType(bytes: Uint8Array, name: string): Promise<Detected | undefined> {
  const sniffed = await sniffContentType(bytes, name, ALLOWED);
  if (sniffed) return { type: TYPE_OF_CONTENT[sniffed] as DocumentType, contentType: sniffed };
  const named = TYPE_OF_EXTENSION[extname(name).toLowerCase()];
  if (!named) return undefined;
  const contentType = CONTENT_OF_TYPE[named];
  if (bytes.length === 0) return { type: named, contentType, problem: 'FILE_EMPTY' };
  if (TEXT_TYPES.includes(named)) {
    // UTF-8 text that file-type calls something else (XHTML as application/xml, say) is still that text.
    if (isUtf8Text(bytes)) return { type: named, contentType };
    const binary = bytes.subarray(0, 4096).includes(0);
    return { type: named, contentType, problem: binary ? 'FILE_UNSUPPORTED' : 'FILE_NOT_UTF8' };
  }
  const detected = await fileTypeFromBuffer(bytes);
  // Password-protected Office files are OLE compound files, not zips; a damaged docx/xlsx is still a zip.
  if ((named === 'docx' || named === 'xlsx') && detected?.mime === 'application/x-cfb')
    return { type: named, contentType, problem: 'FILE_OFFICE_PROTECTED' };
  if ((named === 'docx' || named === 'xlsx') && detected?.mime === 'application/zip')
    return { type: named, contentType, problem: 'FILE_CORRUPT' };
  return { type: named, contentType, problem: detected ? 'FILE_UNSUPPORTED' : 'FILE_CORRUPT' };
}
