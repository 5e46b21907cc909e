import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListDatabaseTables, UpdateDatabaseTable } from '@flotilla/shared/contracts';
import { invalidInput } from '../../lib/app-error';
import { withBuiltin } from '../../databases/builtin-tables';
import { indexKeyColumns } from '../../databases/key-indexes';
import { tableCatalogue } from '../../databases/table-catalogue';
import { OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';
import { builtinPathOf, presentTable, readerOf, reading, writeFailure } from './database-access';

const tags = ['databases'];

/** A database's tables: the catalogue of what it has, and the notes operators write about them. */
const databaseTablesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { databaseTables } = fastify.repos;

  route(fastify, ListDatabaseTables, {
    config: { auth: STAFF },
    tags,
    summary: "The database's tables with their columns, keys and descriptions (and described tables now gone)",
    description:
      'Keys default to primary-key and unique columns until an operator chooses. A table described before and no longer in the database is listed with `gone: true`.',
    handler: async (request) => {
      const reader = await readerOf(fastify, request, request.params.id);
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
      '404 DATABASE_TABLE_NOT_FOUND for a table the database does not have; 422 at `columns[i].name` for a name that is not one of its columns. ' +
      'On a built-in database a key column no index covers gets one (409 DATABASE_BUSY while another write holds the file); external databases are never written.',
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { id, table: name } = request.params;
      const reader = await readerOf(fastify, request, id);
      const table = await presentTable(fastify, request, id, reader, name);
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
      if (reader.kind === 'builtin') {
        // Before the notes: a lookup by a key must not scan the table on the server's thread. A database
        // busy with another writer answers 409 and the notes stay as they were, so a retry does both.
        const path = await builtinPathOf(fastify, request, id);
        const keys = saved.columns.filter((column) => column.key === true).map((column) => column.name);
        try {
          withBuiltin(path, (sqlite) => indexKeyColumns(sqlite, name, keys));
        } catch (error) {
          throw writeFailure(error);
        }
      }
      await databaseTables.save(tenantId, id, saved);
      return tableCatalogue([table], [saved])[0]!;
    },
  });
};

export default databaseTablesRoutes;
