import type { FastifyRequest } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { schemaFailure, type SchemaError } from '../../../lib/validation-detail';

/** A multipart body read into memory: its text fields, and its part named `file`. */
export type MultipartBody = {
  fields: Record<string, string | string[]>;
  file?: { bytes: Buffer; name: string; truncated: boolean };
};

const missing = (property: string): SchemaError => ({
  keyword: 'required',
  instancePath: '',
  params: { missingProperty: property },
});
const malformed: SchemaError = { keyword: 'format', instancePath: '', params: {} };

/** 422 `{ detail: [{ loc: ['body', 'file'], type: 'missing' }] }`. */
export const fileMissing = () => schemaFailure('body', [missing('file')]);

/**
 * Reads a multipart body (chat attachments, icons, dataset files): its text fields, and the part named
 * `file` into memory, cut at `maxBytes` (`truncated` then says it was larger, and the rest of the body is
 * still read). Anything else wrong with the body (not multipart, malformed, too many parts or files) is a 422.
 */
export async function readMultipart(
  request: FastifyRequest,
  maxBytes: number,
  limits: { fields?: number; fieldSize?: number } = {},
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw fileMissing();
  const body: MultipartBody = { fields: {} };
  const fields = limits.fields ?? 10;
  try {
    // throwFileSizeLimit: the plugin reads it (its types leave it out).
    const options: Parameters<FastifyRequest['parts']>[0] & { throwFileSizeLimit: boolean } = {
      limits: { fileSize: maxBytes, files: 1, fields, parts: fields + 1, fieldSize: limits.fieldSize ?? 1024 },
      throwFileSizeLimit: false,
    };
    for await (const part of request.parts(options)) {
      if (part.type === 'field') {
        const previous = body.fields[part.fieldname];
        const value = String(part.value);
        body.fields[part.fieldname] = previous === undefined ? value : [previous, value].flat();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file') body.file = { bytes, name: part.filename, truncated: part.file.truncated };
    }
  } catch (error) {
    request.log.info({ err: error }, 'unreadable multipart body');
    throw schemaFailure('body', [malformed]);
  }
  return body;
}

/** The text fields checked (and coerced: "300" → 300) by `schema`, as the route's own body schema would; 422 otherwise. */
export function validFields<T extends TSchema>(
  request: FastifyRequest,
  schema: T,
  fields: MultipartBody['fields'],
): Static<T> {
  const validate = request.compileValidationSchema(schema);
  if (!validate(fields)) throw schemaFailure('body', (validate.errors ?? []) as SchemaError[]);
  return fields as Static<T>;
}
