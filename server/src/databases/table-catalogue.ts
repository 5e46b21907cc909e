import { DATABASE_TABLE_LIMITS, type DatabaseColumn, type DatabaseTable } from '@flotilla/shared/contracts';
import type { TableNote } from '../plugins/app/databases/database-tables-repository';
import type { DatabaseReader, IntrospectedTable } from './reader';

/** A table as the database has it, described with its notes; keys default to primary and unique columns. */
function described(table: IntrospectedTable, note: TableNote | undefined): DatabaseTable {
  const notes = new Map(note?.columns.map((column) => [column.name, column]));
  const columns = table.columns.slice(0, DATABASE_TABLE_LIMITS.columns).map((column): DatabaseColumn => {
    const columnNote = notes.get(column.name);
    return {
      name: column.name,
      type: column.type,
      key: columnNote?.key ?? (column.primaryKey || column.unique),
      description: columnNote?.description ?? '',
    };
  });
  return { name: table.name, description: note?.description ?? '', columns, gone: false };
}

/** A described table no longer in the database: what its notes remember of it. */
function goneTable(note: TableNote): DatabaseTable {
  return {
    name: note.name,
    description: note.description,
    columns: note.columns.slice(0, DATABASE_TABLE_LIMITS.columns).map((column) => ({
      name: column.name,
      type: '',
      key: column.key ?? false,
      description: column.description,
    })),
    gone: true,
  };
}

/**
 * The database's tables merged with the operators' notes, by name: present tables first as the database
 * declares them, then described tables that are gone (dropped or renamed), at most DATABASE_TABLE_LIMITS.tables.
 */
export function tableCatalogue(tables: IntrospectedTable[], notes: TableNote[]): DatabaseTable[] {
  const byName = new Map(notes.map((note) => [note.name, note]));
  const present = tables.map((table) => described(table, byName.get(table.name)));
  const names = new Set(tables.map((table) => table.name));
  const gone = notes.filter((note) => !names.has(note.name)).map(goneTable);
  return [...present, ...gone].slice(0, DATABASE_TABLE_LIMITS.tables);
}

/** The tables a robot may read: those in the database now, with their notes (gone ones left out). */
export async function describedTables(reader: DatabaseReader, notes: TableNote[]): Promise<DatabaseTable[]> {
  const tables = await reader.tables();
  return tableCatalogue(tables, notes).filter((table) => !table.gone);
}
