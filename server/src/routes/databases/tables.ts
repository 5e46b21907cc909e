import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type SQLite from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CreateDatabaseRow,
  DATABASE_TABLE_LIMITS,
  DeleteDatabaseRow,
  ImportColumnSchema,
  ImportTable,
  ListDatabaseRows,
  ListDatabaseTables,
  PreviewTableImport,
  ROW_ID_FIELD,
  TableNameSchema,
  UpdateDatabaseRow,
  UpdateDatabaseTable,
  type Cell,
  type Database,
  type DatabaseRow,
  type ImportColumn,
  type Locale,
} from '@flotilla/shared/contracts';
import { AppError, found, invalidInput, notFound } from '../../lib/app-error';
import { message, type MessageKey } from '../../lib/messages';
import { detectFileType } from '../../knowledge/file-types';
import { ReasonError } from '../../knowledge/reasons';
import { fileMissing, readMultipart, validFields } from '../../plugins/app/uploads/multipart';
import { safeFileName } from '../../lib/upload-content';
import { builtinColumns, cellOf, quoteSqlite, readBuiltinRow, withBuiltin } from '../../databases/builtin-tables';
import { DatabaseQueryError, type DatabaseReader, type IntrospectedTable } from '../../databases/reader';
import { tableCatalogue } from '../../databases/table-catalogue';
import { importIntoBuiltin, queueTableImport } from '../../databases/table-import/import-job';
import type { ImportIssue, TableCheck, TableCheckOptions } from '../../knowledge/table-import/check';
import { columnTypeOf, convert } from '../../knowledge/table-import/values';
import { OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['databases'];

/** The multipart fields of a preview: optionally, column types as JSON. */
const PreviewFieldsSchema = Type.Object({ columns: Type.Optional(Type.String({ maxLength: 40_000 })) });
/** The multipart fields of an import: the table's name, and optionally column types as JSON. */
const ImportFieldsSchema = Type.Object({
  table: TableNameSchema,
  columns: Type.Optional(Type.String({ maxLength: 40_000 })),
});
const ImportOverridesSchema = Type.Array(ImportColumnSchema, { maxItems: DATABASE_TABLE_LIMITS.columns });

/** A read that failed at the database, as the console's error (never the driver's words). */
function queryFailure(error: unknown): unknown {
  if (!(error instanceof DatabaseQueryError)) return error;
  if (error.code === 'TABLE_GONE') return new AppError(404, 'DATABASE_TABLE_NOT_FOUND', 'DATABASE_TABLE_GONE');
  if (error.code === 'TIMEOUT') return new AppError(504, 'DATABASE_QUERY_FAILED', 'DATABASE_QUERY_TIMEOUT');
  if (error.code === 'QUERY_FAILED') return new AppError(502, 'DATABASE_QUERY_FAILED');
  // The connection's own code says what to fix (the password, the host…): as `reason` and in the message.
  return new AppError(502, 'DATABASE_QUERY_FAILED', `DATABASE_UNREACHABLE_${error.code}`, { reason: error.code });
}

async function reading<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw queryFailure(error);
  }
}

/** The refusal of an import as a 422: each issue where it is, in the request's language. */
function refusal(refused: NonNullable<TableCheck['refused']>, locale: Locale): AppError {
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

/** Table and column names in a built-in database: no `$` (kept for `$rowid` and imports), nothing of SQLite's own. */
const reservedName = (name: string) => name.includes('$') || /^sqlite_/i.test(name);

/** A SQLite failure of a row edit, as the console's error. */
function writeFailure(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return error;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return new AppError(409, 'CONFLICT', 'DATABASE_BUSY');
  if (code.startsWith('SQLITE_CONSTRAINT')) return new AppError(409, 'CONFLICT', 'DATABASE_ROW_CONFLICT');
  return error;
}

const databaseTablesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { databases, databaseTables } = fastify.repos;

  async function databaseOf(request: FastifyRequest, id: string): Promise<Database> {
    return found(await databases.get(request.auth.tenantId, id), 'DATABASE_NOT_FOUND');
  }

  async function readerOf(request: FastifyRequest, id: string): Promise<DatabaseReader> {
    const reader = await reading(() => fastify.databaseReaders.readerFor(request.auth.tenantId, id));
    return found(reader, 'DATABASE_NOT_FOUND');
  }

  /** The table as the database has it now: 404 for a name it does not have (saying so when it once had it). */
  async function presentTable(request: FastifyRequest, id: string, reader: DatabaseReader, name: string) {
    const table = (await reading(() => reader.tables())).find((candidate) => candidate.name === name);
    if (table) return table;
    const described = await databaseTables.get(request.auth.tenantId, id, name);
    throw new AppError(404, 'DATABASE_TABLE_NOT_FOUND', described ? 'DATABASE_TABLE_GONE' : 'DATABASE_TABLE_NOT_FOUND');
  }

  /** A built-in database (imports and row edits): 404 for another tenant's, 409 for an external one. */
  async function builtinOf(request: FastifyRequest, id: string): Promise<string> {
    const database = await databaseOf(request, id);
    if (database.kind !== 'builtin') throw new AppError(409, 'DATABASE_READ_ONLY');
    return databases.files.pathOf(request.auth.tenantId, id);
  }

  route(fastify, ListDatabaseTables, {
    config: { auth: STAFF },
    tags,
    summary: "The database's tables with their columns, keys and descriptions (and described tables now gone)",
    description:
      'Keys default to primary-key and unique columns until an operator chooses. A table described before and no longer in the database is listed with `gone: true`.',
    handler: async (request) => {
      const reader = await readerOf(request, request.params.id);
      const [tables, notes] = await Promise.all([
        reading(() => reader.tables()),
        databaseTables.list(request.auth.tenantId, request.params.id),
      ]);
      return tableCatalogue(tables, notes);
    },
  });

  route(fastify, UpdateDatabaseTable, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Describe a table and its columns and choose its key columns (columns not given keep theirs)',
    description:
      '404 DATABASE_TABLE_NOT_FOUND for a table the database does not have; 422 at `columns[i].name` for a name that is not one of its columns.',
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { id, table: name } = request.params;
      const reader = await readerOf(request, id);
      const table = await presentTable(request, id, reader, name);
      const names = new Set(table.columns.map((column) => column.name));
      const given = request.body.columns ?? [];
      given.forEach((column, i) => {
        if (!names.has(column.name))
          throw invalidInput(['body', 'columns', i, 'name'], 'VALIDATION_FAILED', 'DATABASE_COLUMN_NOT_FOUND');
      });
      const note = (await databaseTables.get(tenantId, id, name)) ?? { name, description: '', columns: [] };
      const notes = new Map(note.columns.map((column) => [column.name, column]));
      for (const column of given) {
        const current = notes.get(column.name) ?? { name: column.name, key: null, description: '' };
        notes.set(column.name, {
          name: column.name,
          key: column.key ?? current.key,
          description: column.description ?? current.description,
        });
      }
      const saved = {
        name,
        description: request.body.description ?? note.description,
        // Notes of columns the table no longer has are dropped with this save.
        columns: table.columns.flatMap((column) => notes.get(column.name) ?? []),
      };
      await databaseTables.save(tenantId, id, saved);
      return tableCatalogue([table], [saved])[0]!;
    },
  });

  route(fastify, ListDatabaseRows, {
    config: { auth: STAFF },
    tags,
    summary: "A page of a table's rows in the table's own order, read-only within the query limits",
    description:
      "Built-in tables carry each row's `$rowid` (the id of row edits). Binary values read as a short placeholder. 404 DATABASE_TABLE_NOT_FOUND for a table no longer in the database.",
    handler: async (request) => {
      const { id, table: name } = request.params;
      const reader = await readerOf(request, id);
      const table = await presentTable(request, id, reader, name);
      return reading(() => rowsPage(reader, table, request.query.offset, request.query.limit));
    },
  });

  route(fastify, CreateDatabaseRow, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Add a row to a built-in table (values checked against the column types)',
    description:
      "409 DATABASE_READ_ONLY for external databases. 422 at `values.<column>` for a column the table does not have or a value that does not fit the column's type; 409 CONFLICT for a value a unique column already has.",
    handler: async (request) => {
      const path = await builtinOf(request, request.params.id);
      return withBuiltin(path, (sqlite) => {
        const columns = existingColumns(sqlite, request.params.table);
        const values = checkedValues(columns, request.body.values);
        const names = Object.keys(values);
        const sql =
          names.length === 0
            ? `INSERT INTO ${quoteSqlite(request.params.table)} DEFAULT VALUES`
            : `INSERT INTO ${quoteSqlite(request.params.table)} (${names.map(quoteSqlite).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`;
        const result = writing(() => sqlite.prepare(sql).run(Object.values(values)));
        return found(
          readBuiltinRow(sqlite, request.params.table, columns, Number(result.lastInsertRowid)),
          'DATABASE_ROW_NOT_FOUND',
        );
      });
    },
  });

  route(fastify, UpdateDatabaseRow, {
    config: { auth: OPERATORS },
    tags,
    summary: "Change the values given of a built-in table's row",
    description:
      '409 DATABASE_READ_ONLY for external databases; 404 DATABASE_ROW_NOT_FOUND; 422 at `values.<column>` as for a new row.',
    handler: async (request) => {
      const path = await builtinOf(request, request.params.id);
      const { table, rowId } = request.params;
      return withBuiltin(path, (sqlite) => {
        const columns = existingColumns(sqlite, table);
        const values = checkedValues(columns, request.body.values);
        const names = Object.keys(values);
        if (names.length > 0) {
          const sql = `UPDATE ${quoteSqlite(table)} SET ${names.map((n) => `${quoteSqlite(n)} = ?`).join(', ')} WHERE rowid = ?`;
          const result = writing(() => sqlite.prepare(sql).run([...Object.values(values), rowId]));
          if (result.changes === 0) throw notFound('DATABASE_ROW_NOT_FOUND');
        }
        return found(readBuiltinRow(sqlite, table, columns, rowId), 'DATABASE_ROW_NOT_FOUND');
      });
    },
  });

  route(fastify, DeleteDatabaseRow, {
    config: { auth: OPERATORS },
    tags,
    summary: "Remove a built-in table's row",
    description: '409 DATABASE_READ_ONLY for external databases; 404 DATABASE_ROW_NOT_FOUND.',
    handler: async (request) => {
      const path = await builtinOf(request, request.params.id);
      const { table, rowId } = request.params;
      return withBuiltin(path, (sqlite) => {
        existingColumns(sqlite, table);
        const result = writing(() => sqlite.prepare(`DELETE FROM ${quoteSqlite(table)} WHERE rowid = ?`).run(rowId));
        if (result.changes === 0) throw notFound('DATABASE_ROW_NOT_FOUND');
        return { ok: true as const };
      });
    },
  });

  route(fastify, PreviewTableImport, {
    config: { auth: OPERATORS },
    tags,
    summary: "Read a csv or xlsx file's header, inferred column types and first rows, changing nothing",
    description:
      'Multipart `file` (at most 20 MB; csv in UTF-8, or the first sheet of an xlsx). Types: integer, number, boolean, date, else text. A bad header answers 422 naming the column.',
    handler: async (request) => {
      await builtinOf(request, request.params.id);
      const form = await readImportForm(request);
      const check = await tableOf(fastify, form, { validate: false, rowsUpTo: 0 });
      if (check.refused) throw refusal(check.refused, request.locale);
      return { columns: check.columns, rows: check.rows, total: check.total };
    },
  });

  route(fastify, ImportTable, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Create or replace a built-in table from a csv or xlsx file: every row or none',
    description:
      'Multipart `file`, `table`, optional `columns` (JSON of [{name, type}] overriding the inferred types). Every row is checked first: rows that do not fit answer 422 with `detail` of `{ loc: ["file", row, column], msg }` (the first 100) and nothing changes. ' +
      'Columns named like keys (id, code, no, number, phone, sku, email… alone or at the end of a name, …号, 手机, 电话, 邮箱) whose values are all present and different get a unique index. ' +
      `Files of more than ${DATABASE_TABLE_LIMITS.inlineImportRows} rows are written by a background task (\`taskId\`, \`rows: 0\`).`,
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const databaseId = request.params.id;
      await builtinOf(request, databaseId);
      const form = await readImportForm(request, true);
      const table = form.table!;
      // Every row is read and checked in a parser process; only a small file's values come back here.
      const check = await tableOf(fastify, form, { validate: true, rowsUpTo: DATABASE_TABLE_LIMITS.inlineImportRows });
      if (check.refused) throw refusal(check.refused, request.locale);
      const target = { tenantId, databaseId, table };
      if (!check.stored) {
        const job = await queueTableImport(fastify, target, {
          userId,
          title: form.name,
          type: form.type,
          bytes: form.bytes,
          ...(form.overrides && { columns: form.overrides }),
        });
        fastify.jobs.wake();
        return { table, rows: 0, taskId: job.id };
      }
      try {
        await importIntoBuiltin(fastify.repos, target, check.columns, check.stored);
      } catch (error) {
        throw writeFailure(error);
      }
      return { table, rows: check.stored.length };
    },
  });
};

/** A page of rows and the table's row count; built-in rows carry `$rowid`, in rowid order. */
async function rowsPage(reader: DatabaseReader, table: IntrospectedTable, offset: number, limit: number) {
  const pageRows = Math.min(limit, DATABASE_TABLE_LIMITS.pageRows);
  const columns = table.columns.slice(0, DATABASE_TABLE_LIMITS.columns);
  const builtin = reader.kind === 'builtin';
  const list = [...(builtin ? ['rowid'] : []), ...columns.map((column) => reader.quote(column.name))];
  const from = reader.quote(table.name);
  const page = await reader.select(
    {
      sql: `SELECT ${list.join(', ')} FROM ${from}${builtin ? ' ORDER BY rowid' : ''} LIMIT ${reader.placeholder(1)} OFFSET ${reader.placeholder(2)}`,
      params: [pageRows, offset],
      origin: 'code',
    },
    { maxRows: pageRows },
  );
  const rows = page.rows.map((values) => {
    const row: DatabaseRow = {};
    const cells = builtin ? values.slice(1) : values;
    if (builtin) row[ROW_ID_FIELD] = Number(values[0]);
    columns.forEach((column, i) => (row[column.name] = builtin ? cellOf(cells[i], column.type) : (cells[i] ?? null)));
    return row;
  });
  const count = await reader
    .select({ sql: `SELECT count(*) FROM ${from}`, origin: 'code' }, { maxRows: 1 })
    .catch((error: unknown) => {
      // A table too large to count in time still shows its page.
      if (error instanceof DatabaseQueryError && error.code === 'TIMEOUT') return undefined;
      throw error;
    });
  const counted = Number(count?.rows[0]?.[0]);
  const total = Number.isFinite(counted) ? counted : offset + rows.length;
  return { list: rows, total };
}

/** The columns of a built-in table, or 404 (and none of `$`-named tables: an import's work in progress). */
function existingColumns(sqlite: SQLite.Database, table: string) {
  const columns = reservedName(table) ? undefined : builtinColumns(sqlite, table);
  if (!columns) throw notFound('DATABASE_TABLE_NOT_FOUND');
  return columns;
}

/** The values of a row edit, each checked against its column's declared type; 422 at the first that does not fit. */
function checkedValues(
  columns: Array<{ name: string; type: string }>,
  values: Record<string, Cell>,
): Record<string, string | number | null> {
  const checked: Record<string, string | number | null> = {};
  for (const [name, value] of Object.entries(values)) {
    const column = columns.find((candidate) => candidate.name === name);
    if (!column) throw invalidInput(['body', 'values', name], 'VALIDATION_FAILED', 'DATABASE_COLUMN_NOT_FOUND');
    const type = columnTypeOf(column.type);
    if (type === undefined) {
      checked[name] = typeof value === 'boolean' ? Number(value) : value;
      continue;
    }
    const converted = convert(value, type);
    if ('problem' in converted)
      throw invalidInput(['body', 'values', name], 'VALIDATION_FAILED', converted.problem satisfies MessageKey);
    checked[name] = converted.value;
  }
  return checked;
}

function writing<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw writeFailure(error);
  }
}

type ImportForm = {
  bytes: Buffer;
  name: string;
  type: 'csv' | 'xlsx';
  table?: string;
  overrides?: ImportColumn[];
};

/** The multipart form of an import or its preview: the file (csv or xlsx by content), the table, the column types. */
async function readImportForm(request: FastifyRequest, withTable = false): Promise<ImportForm> {
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
async function tableOf(
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

export default databaseTablesRoutes;
