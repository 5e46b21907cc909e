import { Kind, Type, TypeRegistry, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, OkSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';

/**
 * Kinds of database a robot may read: `builtin`, an SQLite file of the tenant's own on the server;
 * `postgres` and `mysql` (MySQL or MariaDB), an operator's database reached by host and port.
 */
export const DATABASE_KINDS = ['builtin', 'postgres', 'mysql'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];
/** The kinds reached over the network (admins only: they name hosts of the tenant's network). */
export const EXTERNAL_DATABASE_KINDS = ['postgres', 'mysql'] as const satisfies readonly DatabaseKind[];
export type ExternalDatabaseKind = (typeof EXTERNAL_DATABASE_KINDS)[number];
export const DatabaseKindSchema = Type.Union(DATABASE_KINDS.map((kind) => Type.Literal(kind)));

/** Bounds of a database's fields. */
export const DATABASE_LIMITS = {
  name: 100,
  host: 255,
  database: 128,
  user: 128,
  password: 256,
  description: 1000,
  keyword: 100,
} as const;

/**
 * Why a connection test failed, as a stable code: the password or user was refused, nothing answered at
 * the host and port, no answer in time, the database does not exist on the server, the host's address is
 * one a database may not have (link-local, cloud metadata, multicast), its name did not resolve, or
 * another failure of the connection.
 */
export const DATABASE_TEST_ERRORS = [
  'AUTH_FAILED',
  'HOST_UNREACHABLE',
  'TIMEOUT',
  'DATABASE_NOT_FOUND',
  'ADDRESS_NOT_ALLOWED',
  'DNS_FAILED',
  'CONNECTION_FAILED',
] as const;
export type DatabaseTestError = (typeof DATABASE_TEST_ERRORS)[number];

/** A database as the console sees it: never its password, only whether one is stored. */
export const DatabaseSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  kind: DatabaseKindSchema,
  /** Empty for a built-in database. */
  host: Type.String(),
  /** 0 for a built-in database. */
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  database: Type.String(),
  user: Type.String(),
  description: Type.Optional(Type.String()),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  hasPassword: Type.Boolean(),
});
export type Database = Static<typeof DatabaseSchema>;

const NameSchema = Type.String({ minLength: 1, maxLength: DATABASE_LIMITS.name, pattern: '\\S' });
const HostSchema = Type.String({ minLength: 1, maxLength: DATABASE_LIMITS.host, pattern: '^[^\\s/?#@]+$' });
const PortSchema = Type.Integer({ minimum: 1, maximum: 65535 });
const DatabaseNameSchema = Type.String({ minLength: 1, maxLength: DATABASE_LIMITS.database });
const UserSchema = Type.String({ minLength: 1, maxLength: DATABASE_LIMITS.user });
const PasswordSchema = Type.String({ maxLength: DATABASE_LIMITS.password });
const DescriptionSchema = Type.String({ maxLength: DATABASE_LIMITS.description });

/** `GET /v1/databases`. */
export const ListDatabasesQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: DATABASE_LIMITS.keyword })) }),
]);
export type ListDatabasesQuery = Static<typeof ListDatabasesQuerySchema>;
export const DatabaseListResponseSchema = PageSchema(DatabaseSchema);
export type DatabaseListResponse = Static<typeof DatabaseListResponseSchema>;

/**
 * `POST /v1/databases`: host, port, database and user are required for `postgres` and `mysql` (the
 * server answers 422 without them) and ignored for `builtin`.
 */
export const CreateDatabaseBodySchema = Type.Object({
  name: NameSchema,
  kind: DatabaseKindSchema,
  host: Type.Optional(HostSchema),
  port: Type.Optional(PortSchema),
  database: Type.Optional(DatabaseNameSchema),
  user: Type.Optional(UserSchema),
  password: Type.Optional(PasswordSchema),
  description: Type.Optional(DescriptionSchema),
});
export type CreateDatabaseBody = Static<typeof CreateDatabaseBodySchema>;

/**
 * `PUT /v1/databases/{id}`: the fields given change; a password given replaces the stored one, an
 * absent one keeps it. The kind is fixed at creation.
 */
export const UpdateDatabaseBodySchema = Type.Object({
  name: Type.Optional(NameSchema),
  host: Type.Optional(HostSchema),
  port: Type.Optional(PortSchema),
  database: Type.Optional(DatabaseNameSchema),
  user: Type.Optional(UserSchema),
  password: Type.Optional(PasswordSchema),
  description: Type.Optional(DescriptionSchema),
});
export type UpdateDatabaseBody = Static<typeof UpdateDatabaseBodySchema>;

/** `/v1/databases/{id}`. */
export const DatabaseParamsSchema = Type.Object({ id: IdSchema });
export type DatabaseParams = Static<typeof DatabaseParamsSchema>;

/**
 * `POST /v1/databases/test`: the create body, and optionally the `id` of a saved database whose stored
 * password is used when no password is given.
 */
export const TestDatabaseBodySchema = Type.Composite([
  CreateDatabaseBodySchema,
  Type.Object({ id: Type.Optional(IdSchema) }),
]);
export type TestDatabaseBody = Static<typeof TestDatabaseBodySchema>;
/** A failed test is still a 200: the test itself worked, and `error` says why the database did not answer. */
export const TestDatabaseResponseSchema = Type.Object({
  ok: Type.Boolean(),
  error: Type.Optional(Type.Union(DATABASE_TEST_ERRORS.map((code) => Type.Literal(code)))),
});
export type TestDatabaseResponse = Static<typeof TestDatabaseResponseSchema>;

/** One page of the tenant's databases, newest first, filtered by name or description. */
export const ListDatabases = endpoint({
  method: 'GET',
  path: '/v1/databases',
  query: ListDatabasesQuerySchema,
  response: DatabaseListResponseSchema,
});
/** Adds a database: a built-in one gets its empty SQLite file; an external one is stored with its password sealed. */
export const CreateDatabase = endpoint({
  method: 'POST',
  path: '/v1/databases',
  body: CreateDatabaseBodySchema,
  response: DatabaseSchema,
});
/** Tries to connect to a database (`SELECT 1` within a few seconds) and says whether it answered. */
export const TestDatabase = endpoint({
  method: 'POST',
  path: '/v1/databases/test',
  body: TestDatabaseBodySchema,
  response: TestDatabaseResponseSchema,
});
/** One of the tenant's databases. */
export const GetDatabase = endpoint({
  method: 'GET',
  path: '/v1/databases/{id}',
  params: DatabaseParamsSchema,
  response: DatabaseSchema,
});
/** Changes the fields given of a database (a password given replaces the stored one). */
export const UpdateDatabase = endpoint({
  method: 'PUT',
  path: '/v1/databases/{id}',
  params: DatabaseParamsSchema,
  body: UpdateDatabaseBodySchema,
  response: DatabaseSchema,
});
/** Removes a database (a built-in one's file with it). */
export const DeleteDatabase = endpoint({
  method: 'DELETE',
  path: '/v1/databases/{id}',
  params: DatabaseParamsSchema,
  response: OkSchema,
});

// ── Tables, rows, imports and the query log ──────────────────────────────────────────────────────────

/** Bounds of tables, columns, rows and imports. */
export const DATABASE_TABLE_LIMITS = {
  /** Characters of a table or column name. */
  name: 64,
  /** Tables listed at most for one database. */
  tables: 500,
  /** Columns of a table at most (listed, imported, described). */
  columns: 200,
  /** Rows of one page of a table's preview. */
  pageRows: 200,
  /** Characters of a text cell written from the page or read from a sheet. */
  cell: 10_000,
  /** Bytes of an imported csv or xlsx file. */
  importBytes: 20 * 1024 * 1024,
  /** Rows imported in the request itself; larger files become a background task. */
  inlineImportRows: 5_000,
  /** Rows of one import at most. */
  importRows: 1_000_000,
  /** Rows shown by an import preview. */
  previewRows: 20,
  /** Row errors listed by a refused import (the count says how many there were in all). */
  importErrors: 100,
} as const;

/**
 * The column types an import can give (SQLite storage: TEXT, INTEGER, REAL, INTEGER 0/1, TEXT as an ISO
 * date). External tables report their own database's type names.
 */
export const IMPORT_COLUMN_TYPES = ['text', 'integer', 'number', 'boolean', 'date'] as const;
export type ImportColumnType = (typeof IMPORT_COLUMN_TYPES)[number];
export const ImportColumnTypeSchema = Type.Union(IMPORT_COLUMN_TYPES.map((type) => Type.Literal(type)));

/** A value of a cell as the console reads and writes it (binary values are read as a short placeholder). */
const CELL_KIND = 'DatabaseCell';
// TypeBox's own checker (the console's fakes, `Value.Check`) knows no list of types: it checks the kind here.
if (!TypeRegistry.Has(CELL_KIND))
  TypeRegistry.Set(
    CELL_KIND,
    (_, value) =>
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= DATABASE_TABLE_LIMITS.cell),
  );
export const CellSchema = Type.Unsafe<string | number | boolean | null>({
  [Kind]: CELL_KIND,
  // One schema with a list of types, not a union: the server's validator coerces values inside a union's
  // first branch (null would become ""), but leaves a value alone that matches one of the listed types.
  type: ['string', 'number', 'boolean', 'null'],
  maxLength: DATABASE_TABLE_LIMITS.cell,
  // Any finite double: bounded like every number of a request.
  minimum: -Number.MAX_VALUE,
  maximum: Number.MAX_VALUE,
});
export type Cell = Static<typeof CellSchema>;

/**
 * A table or column name in a path or body: 1–64 characters, no control characters. Whether the table
 * exists is the database's answer (404 DATABASE_TABLE_NOT_FOUND).
 */
export const TableNameSchema = Type.String({
  minLength: 1,
  maxLength: DATABASE_TABLE_LIMITS.name,
  pattern: '^[^\\u0000-\\u001f\\u007f]+$',
});

export const DatabaseColumnSchema = Type.Object({
  name: Type.String(),
  /** The database's own type name (`integer`, `character varying`, `TEXT`…). */
  type: Type.String(),
  /** Whether a robot may look rows up by this column's value (default: primary key and unique columns). */
  key: Type.Boolean(),
  /** What the column holds, for the robot's prompts and answers (empty: not described). */
  description: Type.String(),
});
export type DatabaseColumn = Static<typeof DatabaseColumnSchema>;

export const DatabaseTableSchema = Type.Object({
  name: Type.String(),
  description: Type.String(),
  columns: Type.Array(DatabaseColumnSchema),
  /**
   * True when the table was described before and is no longer in the database (dropped or renamed):
   * the page says so, and robots do not read it.
   */
  gone: Type.Boolean(),
});
export type DatabaseTable = Static<typeof DatabaseTableSchema>;
export const DatabaseTableListSchema = Type.Array(DatabaseTableSchema);
export type DatabaseTableList = Static<typeof DatabaseTableListSchema>;

/** `/v1/databases/{id}/tables/{table}`. */
export const DatabaseTableParamsSchema = Type.Object({ id: IdSchema, table: TableNameSchema });
export type DatabaseTableParams = Static<typeof DatabaseTableParamsSchema>;

/**
 * `PUT /v1/databases/{id}/tables/{table}`: the table's description, and per column given its key flag or
 * description (columns not given keep theirs; a name that is not a column of the table answers 422).
 */
export const UpdateDatabaseTableBodySchema = Type.Object({
  description: Type.Optional(DescriptionSchema),
  columns: Type.Optional(
    Type.Array(
      Type.Object({
        name: TableNameSchema,
        key: Type.Optional(Type.Boolean()),
        description: Type.Optional(DescriptionSchema),
      }),
      { maxItems: DATABASE_TABLE_LIMITS.columns },
    ),
  ),
});
export type UpdateDatabaseTableBody = Static<typeof UpdateDatabaseTableBodySchema>;

/** `GET /v1/databases/{id}/tables/{table}/rows`: a page of rows in the table's own order. */
export const DatabaseRowsQuerySchema = PageQuerySchema;
export type DatabaseRowsQuery = Static<typeof DatabaseRowsQuerySchema>;

/**
 * The name under which a built-in table's rows carry their SQLite rowid (the id of row edits); no column
 * may have it (imports refuse `$` in names).
 */
export const ROW_ID_FIELD = '$rowid';

/** A row: column name → value; a built-in table's rows also carry `$rowid`. */
export const DatabaseRowSchema = Type.Record(Type.String(), CellSchema);
export type DatabaseRow = Static<typeof DatabaseRowSchema>;
export const DatabaseRowsResponseSchema = PageSchema(DatabaseRowSchema);
export type DatabaseRowsResponse = Static<typeof DatabaseRowsResponseSchema>;

/** `/v1/databases/{id}/tables/{table}/rows/{rowId}` (built-in tables: the SQLite rowid). */
export const DatabaseRowParamsSchema = Type.Object({
  id: IdSchema,
  table: TableNameSchema,
  rowId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});
export type DatabaseRowParams = Static<typeof DatabaseRowParamsSchema>;

/**
 * `POST …/rows` and `PUT …/rows/{rowId}` (built-in tables): column → value. A column not in the table
 * answers 422; a value that does not fit the column's type answers 422 naming the column.
 */
export const DatabaseRowBodySchema = Type.Object({
  values: Type.Record(TableNameSchema, CellSchema, { maxProperties: DATABASE_TABLE_LIMITS.columns }),
});
export type DatabaseRowBody = Static<typeof DatabaseRowBodySchema>;

/** A column of an import: its name in the sheet's header row and the type it is stored as. */
export const ImportColumnSchema = Type.Object({ name: TableNameSchema, type: ImportColumnTypeSchema });
export type ImportColumn = Static<typeof ImportColumnSchema>;

/**
 * `POST /v1/databases/{id}/tables/import/preview` (multipart `file`): the header row's columns with the
 * types inferred from the values, the first rows, and how many rows the file has.
 */
export const ImportPreviewResponseSchema = Type.Object({
  columns: Type.Array(ImportColumnSchema),
  rows: Type.Array(Type.Array(CellSchema)),
  total: Type.Integer({ minimum: 0 }),
});
export type ImportPreviewResponse = Static<typeof ImportPreviewResponseSchema>;

/**
 * `POST /v1/databases/{id}/tables/import` (multipart: `file`, `table`, optional `columns` as JSON of
 * ImportColumn[] to override the inferred types): creates or replaces the table, all rows or none. A file
 * of more than `inlineImportRows` rows is imported by a background task (`taskId`); a smaller one at once.
 * Rows that do not fit answer 422 with `detail` of `{ loc: ['file', row, column], msg }`.
 */
export const ImportTableResponseSchema = Type.Object({
  table: Type.String(),
  /** Rows imported (0 while a task imports them). */
  rows: Type.Integer({ minimum: 0 }),
  /** The background task importing a large file. */
  taskId: Type.Optional(IdSchema),
});
export type ImportTableResponse = Static<typeof ImportTableResponseSchema>;

/** How a robot read a database: by key values found in the question, or by SQL a model wrote. */
export const DATABASE_QUERY_MODES = ['key', 'sql'] as const;
export type DatabaseQueryMode = (typeof DATABASE_QUERY_MODES)[number];

/**
 * Why a robot's query did not run or did not finish, as a stable code: the read-only check's refusals
 * (NOT_SELECT, TABLE_NOT_ALLOWED, FUNCTION_NOT_ALLOWED, SYSTEM_CATALOG, LOCKING_CLAUSE, INTO_CLAUSE,
 * NOT_ONE_STATEMENT, SQL_PARSE_FAILED, SQL_TOO_LONG), NO_SQL (the model wrote none), TIMEOUT, TABLE_GONE,
 * the connection's codes (AUTH_FAILED, HOST_UNREACHABLE…) and QUERY_FAILED.
 */
export const DatabaseQueryLogSchema = Type.Object({
  id: IdSchema,
  processId: IdSchema,
  /** The robot's name now (empty when it was deleted). */
  processName: Type.String(),
  sessionId: Type.String(),
  question: Type.String(),
  mode: Type.Union(DATABASE_QUERY_MODES.map((mode) => Type.Literal(mode))),
  /** The statement run (or refused); key lookups show theirs with the values as parameters. */
  sql: Type.String(),
  rows: Type.Integer({ minimum: 0 }),
  ms: Type.Number({ minimum: 0 }),
  /** Null when the query ran; otherwise why not (see above). */
  refused: Type.Union([Type.String(), Type.Null()]),
  createdAt: IsoDateSchema,
});
export type DatabaseQueryLog = Static<typeof DatabaseQueryLogSchema>;
export const DatabaseQueryLogListSchema = PageSchema(DatabaseQueryLogSchema);
export type DatabaseQueryLogList = Static<typeof DatabaseQueryLogListSchema>;
export const DatabaseQueriesQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    processId: Type.Optional(IdSchema),
    /** Only refused (true) or only run (false) queries. */
    refused: Type.Optional(Type.Boolean()),
  }),
]);
export type DatabaseQueriesQuery = Static<typeof DatabaseQueriesQuerySchema>;

/** The database's tables with their columns, keys and descriptions (and described tables now gone). */
export const ListDatabaseTables = endpoint({
  method: 'GET',
  path: '/v1/databases/{id}/tables',
  params: DatabaseParamsSchema,
  response: DatabaseTableListSchema,
});
/** Describes a table and its columns and chooses its key columns. */
export const UpdateDatabaseTable = endpoint({
  method: 'PUT',
  path: '/v1/databases/{id}/tables/{table}',
  params: DatabaseTableParamsSchema,
  body: UpdateDatabaseTableBodySchema,
  response: DatabaseTableSchema,
});
/** A page of a table's rows (read-only, within the query limits). */
export const ListDatabaseRows = endpoint({
  method: 'GET',
  path: '/v1/databases/{id}/tables/{table}/rows',
  params: DatabaseTableParamsSchema,
  query: DatabaseRowsQuerySchema,
  response: DatabaseRowsResponseSchema,
});
/** Adds a row to a built-in table. */
export const CreateDatabaseRow = endpoint({
  method: 'POST',
  path: '/v1/databases/{id}/tables/{table}/rows',
  params: DatabaseTableParamsSchema,
  body: DatabaseRowBodySchema,
  response: DatabaseRowSchema,
});
/** Changes the values given of a built-in table's row. */
export const UpdateDatabaseRow = endpoint({
  method: 'PUT',
  path: '/v1/databases/{id}/tables/{table}/rows/{rowId}',
  params: DatabaseRowParamsSchema,
  body: DatabaseRowBodySchema,
  response: DatabaseRowSchema,
});
/** Removes a built-in table's row. */
export const DeleteDatabaseRow = endpoint({
  method: 'DELETE',
  path: '/v1/databases/{id}/tables/{table}/rows/{rowId}',
  params: DatabaseRowParamsSchema,
  response: OkSchema,
});
/** Reads a csv or xlsx file's header, inferred types and first rows, changing nothing. */
export const PreviewTableImport = endpoint({
  method: 'POST',
  path: '/v1/databases/{id}/tables/import/preview',
  params: DatabaseParamsSchema,
  bodyAs: 'multipart',
  response: ImportPreviewResponseSchema,
});
/** Creates or replaces a built-in table from a csv or xlsx file: every row or none. */
export const ImportTable = endpoint({
  method: 'POST',
  path: '/v1/databases/{id}/tables/import',
  params: DatabaseParamsSchema,
  bodyAs: 'multipart',
  response: ImportTableResponseSchema,
});
/** The queries robots ran (or were refused) on the database, newest first. */
export const ListDatabaseQueries = endpoint({
  method: 'GET',
  path: '/v1/databases/{id}/queries',
  params: DatabaseParamsSchema,
  query: DatabaseQueriesQuerySchema,
  response: DatabaseQueryLogListSchema,
});
