import type { Database } from '../../../db/database';
import type { DatabaseColumnNote } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

/** What operators said about one table: its description and, per column, its key flag and description. */
export type TableNote = { name: string; description: string; columns: DatabaseColumnNote[] };

/** Notes stored before a column's shape changed are read leniently: anything malformed is dropped. */
function columnsOf(json: string): DatabaseColumnNote[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { name, key, description } = item as Record<string, unknown>;
    if (typeof name !== 'string') return [];
    return [
      {
        name,
        key: typeof key === 'boolean' ? key : null,
        description: typeof description === 'string' ? description : '',
      },
    ];
  });
}

/**
 * Notes on a database's tables (database_tables): descriptions and key choices, one row per described table.
 * The tables themselves live in the database; a note outlives its table until the operator replaces it.
 */
export function databaseTablesRepository(db: Database) {
  return {
    /** The notes of every described table of the database, by name. */
    async list(tenantId: string, databaseId: string): Promise<TableNote[]> {
      const rows = await scoped(db, tenantId)
        .selectFrom('databaseTables')
        .select(['name', 'description', 'columns'])
        .where('databaseId', '=', databaseId)
        .orderBy('name')
        .execute();
      return rows.map((row) => ({ name: row.name, description: row.description, columns: columnsOf(row.columns) }));
    },

    async get(tenantId: string, databaseId: string, name: string): Promise<TableNote | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('databaseTables')
        .select(['name', 'description', 'columns'])
        .where('databaseId', '=', databaseId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row && { name: row.name, description: row.description, columns: columnsOf(row.columns) };
    },

    /** Writes a table's notes whole (the caller merged them with what was there). */
    async save(tenantId: string, databaseId: string, note: TableNote): Promise<void> {
      const values = {
        description: note.description,
        columns: JSON.stringify(note.columns),
        updatedAt: isoNow(),
      };
      // One statement: two saves of the same table at once cannot both insert. The update stays in the tenant.
      await scoped(db, tenantId)
        .insertInto('databaseTables', { databaseId, name: note.name, ...values })
        .onConflict((conflict) =>
          conflict.columns(['databaseId', 'name']).doUpdateSet(values).where('databaseTables.tenantId', '=', tenantId),
        )
        .execute();
    },

    /** Forgets a table's notes; false when it had none. */
    async remove(tenantId: string, databaseId: string, name: string): Promise<boolean> {
      const result = await scoped(db, tenantId)
        .deleteFrom('databaseTables')
        .where('databaseId', '=', databaseId)
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type DatabaseTablesRepository = ReturnType<typeof databaseTablesRepository>;
