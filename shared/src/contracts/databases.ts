import { Type, type Static } from '@sinclair/typebox';
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
