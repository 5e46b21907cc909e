import {
  CreateDatabase,
  CreateDatabaseRow,
  DeleteDatabase,
  DeleteDatabaseRow,
  GetDatabase,
  ImportTable,
  ListDatabaseQueries,
  ListDatabaseRows,
  ListDatabases,
  ListDatabaseTables,
  PreviewTableImport,
  ROW_ID_FIELD,
  TestDatabase,
  UpdateDatabase,
  UpdateDatabaseRow,
  UpdateDatabaseTable,
  type Database,
  type DatabaseQueryLog,
  type DatabaseRow,
  type DatabaseTable,
  type ImportColumn,
  type ImportPreviewResponse,
  type ImportTableResponse,
  type TestDatabaseResponse,
} from '@flotilla/shared';
import { fakeApi, on, Refusal, refuse, type FakeRoute } from '@flotilla/shared/test';
import { fakeXhr, onUpload, uploadsTo } from './fake-xhr';

let sequence = 0;
const next = (prefix: string) => `${prefix}${(sequence += 1)}`;
const NOW = '2024-05-02T09:30:00.000Z';

/** A database as the server answers it; built-in unless said otherwise. */
export function makeDatabase(patch: Partial<Database> = {}): Database {
  const id = patch.id ?? next('db');
  const kind = patch.kind ?? 'builtin';
  const external = kind !== 'builtin';
  return {
    id,
    name: `Database ${id}`,
    kind,
    host: external ? 'db.example.internal' : '',
    port: kind === 'postgres' ? 5432 : kind === 'mysql' ? 3306 : 0,
    database: external ? 'shop' : '',
    user: external ? 'reader' : '',
    description: '',
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: NOW,
    hasPassword: external,
    ...patch,
  };
}

/** A table with columns of these names (text, not keys, not described). */
export function makeTable(name: string, columns: string[], patch: Partial<DatabaseTable> = {}): DatabaseTable {
  return {
    name,
    description: '',
    columns: columns.map((column) => ({ name: column, type: 'TEXT', key: false, description: '' })),
    gone: false,
    ...patch,
  };
}

/** A query of the log. */
export function makeQuery(patch: Partial<DatabaseQueryLog> = {}): DatabaseQueryLog {
  return {
    id: next('q'),
    processId: 'p1',
    processName: 'Support robot',
    sessionId: 's1',
    question: 'Where is order 42?',
    mode: 'sql',
    sql: 'SELECT status FROM orders WHERE id = 42',
    rows: 1,
    ms: 12.3,
    refused: null,
    createdAt: NOW,
    ...patch,
  };
}

/** What the fake server starts with: databases, and per database id its tables, rows and query log. */
export type FakeDatabasesSeed = {
  databases: Database[];
  tables: Record<string, DatabaseTable[]>;
  /** `<database id>/<table>` → rows (built-in rows carry `$rowid`). */
  rows: Record<string, DatabaseRow[]>;
  queries: Record<string, DatabaseQueryLog[]>;
  /** What a connection test answers. */
  test: TestDatabaseResponse;
  /** What an import preview answers. */
  preview: ImportPreviewResponse;
  /** What an import answers: its result, or a refusal (a 422 with row errors, say). */
  importAnswer: (table: string, columns: ImportColumn[]) => ImportTableResponse | Refusal;
};

const page = <T>(list: T[], { offset, limit }: { offset: number; limit: number }) => ({
  list: list.slice(offset, offset + limit),
  total: list.length,
});

/**
 * An in-memory databases server for the calls of the database pages, answering through the calls'
 * endpoints (a request or answer that breaks a contract fails the test); imports go through
 * `XMLHttpRequest` with progress, as the page sends them.
 */
export function fakeDatabasesApi(seed: Partial<FakeDatabasesSeed> = {}) {
  const db: FakeDatabasesSeed = {
    databases: [...(seed.databases ?? [])],
    tables: { ...seed.tables },
    rows: { ...seed.rows },
    queries: { ...seed.queries },
    test: seed.test ?? { ok: true },
    preview: seed.preview ?? { columns: [], rows: [], total: 0 },
    importAnswer: seed.importAnswer ?? ((table) => ({ table, rows: 0 })),
  };
  const database = (id: string) => db.databases.find((candidate) => candidate.id === id);
  const noDatabase = () => refuse(404, 'DATABASE_NOT_FOUND', 'Database not found');
  const tableOf = (id: string, name: string) => db.tables[id]?.find((table) => table.name === name);
  const noTable = () => refuse(404, 'DATABASE_TABLE_NOT_FOUND', 'Table not found');
  const rowsOf = (id: string, table: string) => (db.rows[`${id}/${table}`] ??= []);

  const routes: FakeRoute[] = [
    on(ListDatabases, ({ query }) => {
      const keyword = query.keyword?.toLowerCase();
      return page(
        keyword ? db.databases.filter((one) => one.name.toLowerCase().includes(keyword)) : db.databases,
        query,
      );
    }),
    on(CreateDatabase, ({ body }) => {
      const created = makeDatabase({ ...body, hasPassword: Boolean(body.password) });
      db.databases.unshift(created);
      return created;
    }),
    on(TestDatabase, () => db.test),
    on(GetDatabase, ({ params }) => database(params.id) ?? noDatabase()),
    on(UpdateDatabase, ({ params, body }) => {
      const found = database(params.id);
      if (!found) return noDatabase();
      const { password, ...fields } = body;
      return Object.assign(found, fields, { hasPassword: found.hasPassword || Boolean(password) });
    }),
    on(DeleteDatabase, ({ params }) => {
      const found = database(params.id);
      if (!found) return noDatabase();
      db.databases.splice(db.databases.indexOf(found), 1);
      return { ok: true };
    }),
    on(ListDatabaseTables, ({ params }) => (database(params.id) ? (db.tables[params.id] ?? []) : noDatabase())),
    on(UpdateDatabaseTable, ({ params, body }) => {
      if (!database(params.id)) return noDatabase();
      const table = tableOf(params.id, params.table);
      if (!table) return noTable();
      if (body.description !== undefined) table.description = body.description;
      for (const change of body.columns ?? []) {
        const column = table.columns.find((candidate) => candidate.name === change.name);
        if (!column)
          return new Refusal(422, {
            detail: [{ loc: ['body', 'columns'], msg: 'No such column', type: 'value_error' }],
          });
        Object.assign(column, change);
      }
      return table;
    }),
    on(ListDatabaseRows, ({ params, query }) => {
      if (!database(params.id)) return noDatabase();
      return tableOf(params.id, params.table) ? page(rowsOf(params.id, params.table), query) : noTable();
    }),
    on(CreateDatabaseRow, ({ params, body }) => {
      if (!tableOf(params.id, params.table)) return noTable();
      const rows = rowsOf(params.id, params.table);
      const row = { ...body.values, [ROW_ID_FIELD]: rows.length + 1 };
      rows.push(row);
      return row;
    }),
    on(UpdateDatabaseRow, ({ params, body }) => {
      const row = rowsOf(params.id, params.table).find((candidate) => candidate[ROW_ID_FIELD] === params.rowId);
      return row ? Object.assign(row, body.values) : refuse(404, 'NOT_FOUND', 'Row not found');
    }),
    on(DeleteDatabaseRow, ({ params }) => {
      const rows = rowsOf(params.id, params.table);
      const index = rows.findIndex((candidate) => candidate[ROW_ID_FIELD] === params.rowId);
      if (index < 0) return refuse(404, 'NOT_FOUND', 'Row not found');
      rows.splice(index, 1);
      return { ok: true };
    }),
    on(PreviewTableImport, ({ params }) => (database(params.id) ? db.preview : noDatabase())),
    on(ListDatabaseQueries, ({ params, query }) => {
      if (!database(params.id)) return noDatabase();
      const list = (db.queries[params.id] ?? []).filter(
        (entry) => query.refused === undefined || (entry.refused !== null) === query.refused,
      );
      return page(list, query);
    }),
  ];
  const requests = fakeApi(routes);
  const xhr = fakeXhr(
    uploadsTo([
      onUpload(ImportTable, ({ params, form }) => {
        if (!database(params.id)) return noDatabase();
        const columns = JSON.parse(String(form.get('columns') ?? '[]')) as ImportColumn[];
        return db.importAnswer(String(form.get('table')), columns);
      }),
    ]),
  );
  return { db, requests, xhr };
}
