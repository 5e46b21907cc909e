import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DATABASE_TABLE_LIMITS,
  ImportColumnSchema,
  TableNameSchema,
  type ImportColumn,
  type Locale,
} from '@flotilla/shared/contracts';
import { AppError, invalidInput } from '../../lib/app-error';
import { message } from '../../lib/messages';
import { detectFileType } from '../../knowledge/file-types';
import { ReasonError } from '../../knowledge/reasons';
import { fileMissing, readMultipart, validFields } from '../../plugins/app/uploads/multipart';
import { safeFileName } from '../../lib/upload-content';
import type { ImportIssue, TableCheck, TableCheckOptions } from '../../knowledge/table-import/check';
import { reservedName } from './database-access';

/** The multipart fields of a preview: optionally, column types as JSON. */
const PreviewFieldsSchema = Type.Object({ columns: Type.Optional(Type.String({ maxLength: 40_000 })) });
/** The multipart fields of an import: the table's name, and optionally column types as JSON. */
const ImportFieldsSchema = Type.Object({
  table: TableNameSchema,
  columns: Type.Optional(Type.String({ maxLength: 40_000 })),
});
const ImportOverridesSchema = Type.Array(ImportColumnSchema, { maxItems: DATABASE_TABLE_LIMITS.columns });

/** The refusal of an import as a 422: each issue where it is, in the request's language. */
export function refusal(refused: NonNullable<TableCheck['refused']>, locale: Locale): AppError {
  const detail = refused.issues.map((issue: ImportIssue) => ({
    loc: issue.loc,
    msg: message(issue.key, locale),
    type: issue.key,
  }));
  if (refused.badRows > 0 && refused.issues.length >= DATABASE_TABLE_LIMITS.importErrors)
    detail.push({
      loc: ['file'],
      msg: `${message('IMPORT_MORE_ERRORS', locale)} ${refused.badRows}`,
      type: 'IMPORT_ROWS_INVALID',
    });
  return new AppError(422, 'VALIDATION_FAILED', 'VALIDATION_FAILED', { detail });
}

/** An import's form as read: the file (bytes, safe name, type by content), the table, the column types. */
export type ImportForm = {
  bytes: Buffer;
  name: string;
  type: 'csv' | 'xlsx';
  table?: string;
  overrides?: ImportColumn[];
};

/** The multipart form of an import or its preview: the file (csv or xlsx by content), the table, the column types. */
export async function readImportForm(request: FastifyRequest, withTable = false): Promise<ImportForm> {
  const maxBytes = DATABASE_TABLE_LIMITS.importBytes;
  const body = await readMultipart(request, maxBytes, { fieldSize: 40_000 });
  const fields: { table?: string; columns?: string } = withTable
    ? validFields(request, ImportFieldsSchema, body.fields)
    : validFields(request, PreviewFieldsSchema, body.fields);
  if (fields.table !== undefined && reservedName(fields.table))
    throw invalidInput(['body', 'table'], 'VALIDATION_FAILED', 'DATABASE_TABLE_NAME_INVALID');
  let overrides: ImportColumn[] | undefined;
  if (fields.columns !== undefined && fields.columns.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(fields.columns);
    } catch {
      parsed = undefined;
    }
    const validate = request.compileValidationSchema(ImportOverridesSchema);
    if (!validate(parsed)) throw invalidInput(['body', 'columns'], 'VALIDATION_FAILED', 'IMPORT_COLUMNS_INVALID');
    overrides = parsed as ImportColumn[];
  }
  const file = body.file;
  if (!file) throw fileMissing();
  if (file.truncated || file.bytes.length > maxBytes) throw invalidInput(['body', 'file'], 'UPLOAD_TOO_LARGE');
  const name = safeFileName(file.name, 'table');
  const detected = await detectFileType(file.bytes, name);
  if (!detected || (detected.type !== 'csv' && detected.type !== 'xlsx'))
    throw invalidInput(['body', 'file'], 'UNSUPPORTED_FILE_TYPE');
  if (detected.problem) throw invalidInput(['body', 'file'], 'VALIDATION_FAILED', detected.problem);
  return {
    bytes: file.bytes,
    name,
    type: detected.type,
    ...(fields.table !== undefined && { table: fields.table }),
    ...(overrides && { overrides }),
  };
}

/** The file's first sheet read and checked in a parser process; what the user can fix (damaged, too large) → 422 on `file`. */
export async function tableOf(
  fastify: FastifyInstance,
  form: ImportForm,
  check: Omit<TableCheckOptions, 'overrides'>,
): Promise<TableCheck> {
  try {
    return await fastify.parser.table(form.type, form.bytes, {
      ...check,
      ...(form.overrides && { overrides: form.overrides }),
    });
  } catch (error) {
    if (error instanceof ReasonError) throw invalidInput(['body', 'file'], 'VALIDATION_FAILED', error.reason);
    throw error;
  }
}
