import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDatabase,
  DeleteDatabase,
  GetDatabase,
  ListDatabases,
  TestDatabase,
  UpdateDatabase,
  type CreateDatabaseBody,
  type DatabaseKind,
  type Role,
} from '@flotilla/shared/contracts';
import { forbidden, found, invalidInput, notFound } from '../../lib/app-error';
import { testDatabaseConnection, type DatabaseTarget } from '../../lib/database-connection';
import { ADMINS, OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['databases'];

/**
 * External databases name hosts of the tenant's network and hold credentials: only admins create, change,
 * test or delete them. Built-in ones are the operators' (the route's own role set).
 */
function requireRoleFor(kind: DatabaseKind, role: Role): void {
  if (kind !== 'builtin' && !(ADMINS as readonly Role[]).includes(role))
    throw forbidden('DATABASE_EXTERNAL_ADMINS_ONLY');
}

/** The connection fields an external database needs; 422 at the first one missing. */
function externalTarget(body: CreateDatabaseBody & { kind: Exclude<DatabaseKind, 'builtin'> }): DatabaseTarget {
  for (const field of ['host', 'port', 'database', 'user'] as const)
    if (body[field] === undefined) throw invalidInput(['body', field], 'VALIDATION_FAILED', 'DATABASE_FIELD_REQUIRED');
  return {
    kind: body.kind,
    host: body.host!,
    port: body.port!,
    database: body.database!,
    user: body.user!,
    ...(body.password !== undefined && { password: body.password }),
  };
}

const isExternal = (body: CreateDatabaseBody): body is CreateDatabaseBody & { kind: 'postgres' | 'mysql' } =>
  body.kind !== 'builtin';

const databasesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { databases } = fastify.repos;

  route(fastify, ListDatabases, {
    config: { auth: STAFF },
    tags,
    summary: "One page of the tenant's databases, newest first, by name or description (never a password)",
    handler: async (request) => databases.list(request.auth.tenantId, request.query),
  });

  route(fastify, CreateDatabase, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Add a database: built-in (an empty SQLite file of the tenant) or external PostgreSQL/MySQL (admins only)',
    description:
      'External kinds need host, port, database and user (422 DATABASE_FIELD_REQUIRED otherwise); the password is stored sealed and never returned. Operators may add built-in databases only (403 otherwise).',
    handler: async (request) => {
      requireRoleFor(request.body.kind, request.auth.role);
      if (isExternal(request.body)) externalTarget(request.body);
      return databases.create(request.auth.tenantId, request.body);
    },
  });

  route(fastify, TestDatabase, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Try to connect to a database and run SELECT 1 (a failed test is a 200 with a stable error code)',
    description:
      "With `id` and no password, the saved database's stored password is used when kind, host and port are still the saved ones. The host is resolved first: link-local and cloud metadata addresses answer ADDRESS_NOT_ALLOWED. Other codes: AUTH_FAILED, HOST_UNREACHABLE, TIMEOUT, DATABASE_NOT_FOUND, DNS_FAILED, CONNECTION_FAILED. External kinds: admins only.",
    handler: async (request) => {
      const { id, ...body } = request.body;
      requireRoleFor(body.kind, request.auth.role);
      const saved = id === undefined ? undefined : await databases.connection(request.auth.tenantId, id);
      if (id !== undefined && !saved) throw notFound('DATABASE_NOT_FOUND');
      if (!isExternal(body)) return { ok: true };
      const target = externalTarget(body);
      // The stored password goes only to the server it was saved for: never to a host a caller has just typed.
      const sameServer =
        saved !== undefined && saved.kind === target.kind && saved.host === target.host && saved.port === target.port;
      const password = target.password ?? (sameServer ? saved.password : undefined);
      return testDatabaseConnection({ ...target, ...(password !== undefined && { password }) });
    },
  });

  route(fastify, GetDatabase, {
    config: { auth: STAFF },
    tags,
    summary: "One of the tenant's databases (never its password: `hasPassword` says whether one is stored)",
    handler: async (request) =>
      found(await databases.get(request.auth.tenantId, request.params.id), 'DATABASE_NOT_FOUND'),
  });

  route(fastify, UpdateDatabase, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Change the fields given of a database: a password given replaces the stored one, an absent one keeps it unless the host or port changes (then it is dropped)',
    description:
      'The kind is fixed at creation; a built-in database takes only a name and a description. External databases: admins only.',
    handler: async (request) => {
      const current = found(await databases.get(request.auth.tenantId, request.params.id), 'DATABASE_NOT_FOUND');
      requireRoleFor(current.kind, request.auth.role);
      return found(
        await databases.update(request.auth.tenantId, request.params.id, request.body),
        'DATABASE_NOT_FOUND',
      );
    },
  });

  route(fastify, DeleteDatabase, {
    config: { auth: OPERATORS },
    tags,
    summary: "Remove a database (a built-in one's file with it; external ones: admins only)",
    handler: async (request) => {
      const current = found(await databases.get(request.auth.tenantId, request.params.id), 'DATABASE_NOT_FOUND');
      requireRoleFor(current.kind, request.auth.role);
      if (!(await databases.remove(request.auth.tenantId, request.params.id))) throw notFound('DATABASE_NOT_FOUND');
      fastify.databaseReaders.forget(request.auth.tenantId, request.params.id);
      return { ok: true as const };
    },
  });
};

export default databasesRoutes;
