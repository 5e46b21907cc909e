import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, found } from '../../lib/app-error';
import { DatabaseQueryError, type DatabaseReader, type IntrospectedTable } from '../../databases/reader';

/** A read that failed at the database, as the console's error (never the driver's words). */
function queryFailure(error: unknown): unknown {
  if (!(error instanceof DatabaseQueryError)) return error;
  if (error.code === 'TABLE_GONE') return new AppError(404, 'DATABASE_TABLE_NOT_FOUND', 'DATABASE_TABLE_GONE');
  if (error.code === 'TIMEOUT') return new AppError(504, 'DATABASE_QUERY_FAILED', 'DATABASE_QUERY_TIMEOUT');
  if (error.code === 'QUERY_FAILED') return new AppError(502, 'DATABASE_QUERY_FAILED');
  // The connection's own code says what to fix (the password, the host…): as `reason` and in the message.
  return new AppError(502, 'DATABASE_QUERY_FAILED', `DATABASE_UNREACHABLE_${error.code}`, { reason: error.code });
}

/** Runs a read of a tenant's database, its failure as the console's error. */
export async function reading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw queryFailure(error);
  }
}

/** A SQLite failure of a write into a built-in database, as the console's error. */
export function writeFailure(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return error;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return new AppError(409, 'CONFLICT', 'DATABASE_BUSY');
  if (code.startsWith('SQLITE_CONSTRAINT')) return new AppError(409, 'CONFLICT', 'DATABASE_ROW_CONFLICT');
  // The file went between finding the database and opening it: the database was deleted meanwhile.
  if (code === 'SQLITE_CANTOPEN') return new AppError(404, 'DATABASE_NOT_FOUND');
  return error;
}

/** Table and column names in a built-in database: no `$` (kept for `$rowid` and imports), nothing of SQLite's own. */
export const reservedName = (name: string) => name.includes('$') || /^sqlite_/i.test(name);

/** A reader of the tenant's database named in the path, or 404 DATABASE_NOT_FOUND (another tenant's too). */
export async function readerOf(fastify: FastifyInstance, request: FastifyRequest, id: string): Promise<DatabaseReader> {
  const reader = await reading(() => fastify.databaseReaders.readerFor(request.auth.tenantId, id));
  return found(reader, 'DATABASE_NOT_FOUND');
}

/** The table as the database has it now: 404 for a name it does not have (saying so when it once had it). */
export async function presentTable(
  fastify: FastifyInstance,
  request: FastifyRequest,
  id: string,
  reader: DatabaseReader,
  name: string,
): Promise<IntrospectedTable> {
  const table = (await reading(() => reader.tables())).find((candidate) => candidate.name === name);
  if (table) return table;
  const described = await fastify.repos.databaseTables.get(request.auth.tenantId, id, name);
  throw new AppError(404, 'DATABASE_TABLE_NOT_FOUND', described ? 'DATABASE_TABLE_GONE' : 'DATABASE_TABLE_NOT_FOUND');
}

/**
 * The file of a built-in database (imports and row edits work on it): 404 for another tenant's database,
 * 409 DATABASE_READ_ONLY for an external one.
 */
export async function builtinPathOf(fastify: FastifyInstance, request: FastifyRequest, id: string): Promise<string> {
  const { databases } = fastify.repos;
  const database = found(await databases.get(request.auth.tenantId, id), 'DATABASE_NOT_FOUND');
  if (database.kind !== 'builtin') throw new AppError(409, 'DATABASE_READ_ONLY');
  return databases.files.pathOf(request.auth.tenantId, id);
}
