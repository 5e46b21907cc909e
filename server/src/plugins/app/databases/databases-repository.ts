import { randomUUID } from 'node:crypto';
import type {
  CreateDatabaseBody,
  Database as DatabaseRecord,
  DatabaseKind,
  ListDatabasesQuery,
  Page,
  UpdateDatabaseBody,
} from '@flotilla/shared/contracts';
import type { Selectable } from 'kysely';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { DatabaseConnectionsTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import type { SecretBox } from '../../../lib/secret-box';
import { BuiltinDatabaseFiles } from './builtin-files';

/** Where a database is and who to log in as, its password opened: for connecting, never for an answer. */
export type DatabaseConnection = {
  kind: DatabaseKind;
  host: string;
  port: number;
  database: string;
  user: string;
  /** Undefined when none is stored. */
  password?: string;
  /** Changes with every edit: a reader opened before it is stale. */
  updatedAt: string;
};

const COLUMNS = [
  'id',
  'name',
  'kind',
  'host',
  'port',
  'databaseName',
  'userName',
  'passwordEncrypted',
  'description',
  'createdAt',
  'updatedAt',
] as const;
type Row = Pick<Selectable<DatabaseConnectionsTable>, (typeof COLUMNS)[number]>;

/** The row as the console sees it: the sealed password becomes `hasPassword`. */
function toDatabase(row: Row): DatabaseRecord {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    host: row.host,
    port: row.port,
    database: row.databaseName,
    user: row.userName,
    description: row.description,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    hasPassword: row.passwordEncrypted !== null,
  };
}

/**
 * Databases robots may read. External ones keep their password sealed with the server's key (`box`);
 * a built-in one has its SQLite file under the data folder, made with the row and removed with it.
 */
/** Whether an update points the database at another host or port. */
function serverMoved(current: Row, body: UpdateDatabaseBody): boolean {
  return (
    (body.host !== undefined && body.host !== current.host) || (body.port !== undefined && body.port !== current.port)
  );
}

export function databasesRepository(db: Database, { dataDir, box }: { dataDir: string; box: SecretBox }) {
  const files = new BuiltinDatabaseFiles(dataDir);

  const getRow = (tenantId: string, id: string) =>
    scoped(db, tenantId).selectFrom('databases').select(COLUMNS).where('id', '=', id).executeTakeFirst();

  return {
    files,

    /** One page of the tenant's databases, newest first, by name or description. */
    async list(tenantId: string, query: ListDatabasesQuery): Promise<Page<DatabaseRecord>> {
      let base = scoped(db, tenantId).selectFrom('databases');
      if (query.keyword) {
        const keyword = query.keyword;
        base = base.where((eb) => eb.or([containsText('name', keyword), containsText('description', keyword)]));
      }
      const [rows, count] = await Promise.all([
        base
          .select(COLUMNS)
          .orderBy('createdAt', 'desc')
          .orderBy('id')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toDatabase), count.total);
    },

    async get(tenantId: string, id: string): Promise<DatabaseRecord | undefined> {
      const row = await getRow(tenantId, id);
      return row && toDatabase(row);
    },

    /** How to reach the database, its password opened; undefined when the tenant has no such database. */
    async connection(tenantId: string, id: string): Promise<DatabaseConnection | undefined> {
      const row = await getRow(tenantId, id);
      if (!row) return undefined;
      return {
        kind: row.kind,
        host: row.host,
        port: row.port,
        database: row.databaseName,
        user: row.userName,
        ...(row.passwordEncrypted !== null && { password: box.open(row.passwordEncrypted) }),
        updatedAt: row.updatedAt,
      };
    },

    /** Adds a database; a built-in one ignores the connection fields and gets its empty file. */
    async create(tenantId: string, body: CreateDatabaseBody): Promise<DatabaseRecord> {
      const id = randomUUID();
      const now = isoNow();
      const external = body.kind !== 'builtin';
      const row: Row = {
        id,
        name: body.name.trim(),
        kind: body.kind,
        host: external ? (body.host ?? '') : '',
        port: external ? (body.port ?? 0) : 0,
        databaseName: external ? (body.database ?? '') : '',
        userName: external ? (body.user ?? '') : '',
        passwordEncrypted: external && body.password !== undefined ? box.seal(body.password) : null,
        description: body.description ?? '',
        createdAt: now,
        updatedAt: now,
      };
      if (!external) await files.create(tenantId, id);
      try {
        await scoped(db, tenantId).insertInto('databases', row).execute();
      } catch (error) {
        if (!external) await files.remove(tenantId, id);
        throw error;
      }
      return toDatabase(row);
    },

    /**
     * Changes the fields given; a password given replaces the stored one, an absent one keeps it. A built-in
     * database takes only its name and description. Undefined when the tenant has no such database.
     */
    async update(tenantId: string, id: string, body: UpdateDatabaseBody): Promise<DatabaseRecord | undefined> {
      const current = await getRow(tenantId, id);
      if (!current) return undefined;
      const external = current.kind !== 'builtin';
      const changes: Partial<Row> = {
        ...(body.name !== undefined && { name: body.name.trim() }),
        ...(body.description !== undefined && { description: body.description }),
        ...(external && body.host !== undefined && { host: body.host }),
        ...(external && body.port !== undefined && { port: body.port }),
        ...(external && body.database !== undefined && { databaseName: body.database }),
        ...(external && body.user !== undefined && { userName: body.user }),
        ...(external && body.password !== undefined && { passwordEncrypted: box.seal(body.password) }),
        // A stored password belongs to the server it was given for: moved to another host or port
        // without a new one, it is dropped rather than sent to wherever the database now points.
        ...(external && body.password === undefined && serverMoved(current, body) && { passwordEncrypted: null }),
        updatedAt: isoNow(),
      };
      await scoped(db, tenantId).updateTable('databases').set(changes).where('id', '=', id).execute();
      return toDatabase({ ...current, ...changes });
    },

    /** Removes the database and a built-in one's file; false when the tenant has no such database. */
    async remove(tenantId: string, id: string): Promise<boolean> {
      const current = await getRow(tenantId, id);
      if (!current) return false;
      const result = await scoped(db, tenantId).deleteFrom('databases').where('id', '=', id).executeTakeFirst();
      if (current.kind === 'builtin') await files.remove(tenantId, id);
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type DatabasesRepository = ReturnType<typeof databasesRepository>;
