import { extname } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CASE_FILE_LIMITS, type CaseFileKind, type CaseFileType } from '@flotilla/shared/contracts';
import { AppError, invalidInput } from '../../lib/app-error';
import { message } from '../../lib/messages';
import { safeFileName } from '../../lib/upload-content';
import { detectFileType } from '../../knowledge/file-types';
import { ReasonError } from '../../knowledge/reasons';
import type { Grid } from '../../knowledge/table-import/grid';
import { fileMissing, readMultipart } from '../../plugins/app/uploads/multipart';
import { CaseFileRefused, caseRowsOf, jsonGrid, type CaseRow } from './case-sheet';

/** A case file as read from an upload: its safe name, type, size and questions (the bytes are not kept). */
export type ReadCaseFile = { name: string; type: CaseFileType; size: number; kind: CaseFileKind; rows: CaseRow[] };

/** A refusal as the 422 on `file` (with the row at fault in `loc` and the message, when there is one). */
function refusal(request: FastifyRequest, error: CaseFileRefused): AppError {
  if (error.row === undefined) return invalidInput(['body', 'file'], error.code, error.key);
  const detail = [
    {
      loc: ['body', 'file', error.row],
      msg: `${message(error.key, request.locale)} (${error.row})`,
      type: error.code,
    },
  ];
  return new AppError(422, 'VALIDATION_FAILED', error.key, { detail });
}

/** The grid of an xlsx or csv, read in a parser process (formulas never evaluated). */
async function sheetGrid(fastify: FastifyInstance, type: 'csv' | 'xlsx', bytes: Uint8Array): Promise<Grid> {
  try {
    return await fastify.parser.grid(type, bytes, CASE_FILE_LIMITS.rows);
  } catch (error) {
    if (!(error instanceof ReasonError)) throw error;
    if (error.reason === 'IMPORT_TOO_MANY_ROWS' || error.reason === 'FILE_TOO_COMPLEX')
      throw new CaseFileRefused('CASE_FILE_TOO_MANY_ROWS');
    if (error.reason === 'FILE_EMPTY') throw new CaseFileRefused('CASE_FILE_EMPTY');
    throw new CaseFileRefused('CASE_FILE_UNREADABLE');
  }
}

/**
 * The multipart `file` of an upload read into questions: at most CASE_FILE_LIMITS.bytes; xlsx and csv by
 * content, json by name and content. Any refusal is a 422 on `file`.
 */
export async function readCaseFile(fastify: FastifyInstance, request: FastifyRequest): Promise<ReadCaseFile> {
  const maxBytes = CASE_FILE_LIMITS.bytes;
  const body = await readMultipart(request, maxBytes);
  const file = body.file;
  if (!file) throw fileMissing();
  if (file.truncated || file.bytes.length > maxBytes) throw invalidInput(['body', 'file'], 'UPLOAD_TOO_LARGE');
  const name = safeFileName(file.name, 'case-file');
  try {
    if (file.bytes.length === 0) throw new CaseFileRefused('CASE_FILE_EMPTY');
    let type: CaseFileType;
    let grid: Grid;
    if (extname(name).toLowerCase() === '.json') {
      type = 'json';
      grid = jsonGrid(file.bytes);
    } else {
      const detected = await detectFileType(file.bytes, name);
      if (!detected || (detected.type !== 'csv' && detected.type !== 'xlsx') || detected.problem)
        throw new CaseFileRefused('CASE_FILE_UNREADABLE');
      type = detected.type;
      grid = await sheetGrid(fastify, detected.type, file.bytes);
    }
    const { kind, rows } = caseRowsOf(grid);
    return { name, type, size: file.bytes.length, kind, rows };
  } catch (error) {
    if (error instanceof CaseFileRefused) throw refusal(request, error);
    if (error instanceof ReasonError) throw invalidInput(['body', 'file'], 'CASE_FILE_UNREADABLE');
    throw error;
  }
}
