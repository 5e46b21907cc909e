import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type SQLite from 'better-sqlite3';
import {
  CreateDatabaseRow,
  DATABASE_TABLE_LIMITS,
  DeleteDatabaseRow,
  ListDatabaseRows,
  ROW_ID_FIELD,
  UpdateDatabaseRow,
  type Cell,
  type DatabaseRow,
} from '@flotilla/shared/contracts';
import { found, invalidInput, notFound } from '../../lib/app-error';
import type { MessageKey } from '../../lib/messages';
import { builtinColumns, cellOf, quoteSqlite, readBuiltinRow, withBuiltin } from '../../databases/builtin-tables';
import { DatabaseQueryError, type DatabaseReader, type IntrospectedTable } from '../../databases/reader';
import { columnTypeOf, convert } from '../../knowledge/table-import/values';
import { OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';
import { builtinPathOf, presentTable, readerOf, reading, reservedName, writeFailure } from './database-access';

const tags = ['databases'];

/** A table's rows: pages of any database's, and row edits of a built-in one's. */
const databaseRowsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(fastify, ListDatabaseRows, {
    config: { auth: STAFF },
    tags,
    summary: "A page of a table's rows in the table's own order, read-only within the query limits",
    description:
      "Built-in tables carry each row's `$rowid` (the id of row edits). Binary values read as a short placeholder. 404 DATABASE_TABLE_NOT_FOUND for a table no longer in the database.",
    handler: async (request) => {
      const { id, table: name } = request.params;
      const reader = await readerOf(fastify, request, id);
      const table = await presentTable(fastify, request, id, reader, name);
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
      const path = await builtinPathOf(fastify, request, request.params.id);
      return writing(() =>
        withBuiltin(path, (sqlite) => {
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
        }),
      );
    },
  });

  route(fastify, UpdateDatabaseRow, {
    config: { auth: OPERATORS },
    tags,
    summary: "Change the values given of a built-in table's row",
    description:
      '409 DATABASE_READ_ONLY for external databases; 404 DATABASE_ROW_NOT_FOUND; 422 at `values.<column>` as for a new row.',
    handler: async (request) => {
      const path = await builtinPathOf(fastify, request, request.params.id);
      const { table, rowId } = request.params;
      return writing(() =>
        withBuiltin(path, (sqlite) => {
          const columns = existingColumns(sqlite, table);
          const values = checkedValues(columns, request.body.values);
          const names = Object.keys(values);
          if (names.length > 0) {
            const sql = `UPDATE ${quoteSqlite(table)} SET ${names.map((n) => `${quoteSqlite(n)} = ?`).join(', ')} WHERE rowid = ?`;
            const result = writing(() => sqlite.prepare(sql).run([...Object.values(values), rowId]));
            if (result.changes === 0) throw notFound('DATABASE_ROW_NOT_FOUND');
          }
          return found(readBuiltinRow(sqlite, table, columns, rowId), 'DATABASE_ROW_NOT_FOUND');
        }),
      );
    },
  });

  route(fastify, DeleteDatabaseRow, {
    config: { auth: OPERATORS },
    tags,
    summary: "Remove a built-in table's row",
    description: '409 DATABASE_READ_ONLY for external databases; 404 DATABASE_ROW_NOT_FOUND.',
    handler: async (request) => {
      const path = await builtinPathOf(fastify, request, request.params.id);
      const { table, rowId } = request.params;
      return writing(() =>
        withBuiltin(path, (sqlite) => {
          existingColumns(sqlite, table);
          const result = writing(() => sqlite.prepare(`DELETE FROM ${quoteSqlite(table)} WHERE rowid = ?`).run(rowId));
          if (result.changes === 0) throw notFound('DATABASE_ROW_NOT_FOUND');
          return { ok: true as const };
        }),
      );
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

/** A row edit's write, its SQLite failure as the console's error. */
function writing<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw writeFailure(error);
  }
}

export default databaseRowsRoutes;
