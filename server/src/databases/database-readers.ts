import type { DatabaseConnection, DatabasesRepository } from '../plugins/app/databases/databases-repository';
import { resolveHost, type DatabaseTestOptions } from '../lib/database-connection';
import { DatabaseQueryError, type DatabaseReader } from './reader';
import { BuiltinQueryProcesses, builtinReader, mysqlReader, postgresReader } from './readers';

/** Readers kept open at most (their pools hold connections); the least recently used closes first. */
const OPEN_READERS = 64;

type Open = { version: string; reader: Promise<DatabaseReader> };

/**
 * One open reader per database, shared by the pages and the robots: its pool of connections is reused across
 * questions. A reader opened before the database was edited is closed and opened again; a deleted database's
 * reader is closed by `forget`. An external host is resolved and checked each time a reader opens, and its
 * connections go to the address checked.
 */
export class DatabaseReaders {
  private readonly open = new Map<string, Open>();
  private readonly processes: BuiltinQueryProcesses;

  constructor(
    private readonly databases: DatabasesRepository,
    private readonly options: { lookup?: DatabaseTestOptions['lookup']; queryProcesses?: number } = {},
  ) {
    this.processes = new BuiltinQueryProcesses(options.queryProcesses);
  }

  /**
   * The reader of the tenant's database, or undefined when the tenant has no such database. Throws
   * DatabaseQueryError when an external host's address is not allowed or does not resolve.
   */
  async readerFor(tenantId: string, id: string): Promise<DatabaseReader | undefined> {
    const connection = await this.databases.connection(tenantId, id);
    if (!connection) return undefined;
    const key = `${tenantId}/${id}`;
    const current = this.open.get(key);
    if (current && current.version === connection.updatedAt) {
      // Most recently used goes last.
      this.open.delete(key);
      this.open.set(key, current);
      return current.reader;
    }
    if (current) this.close(key, current);
    const opened: Open = { version: connection.updatedAt, reader: this.openReader(tenantId, id, connection) };
    opened.reader.catch(() => this.open.get(key) === opened && this.open.delete(key));
    this.open.set(key, opened);
    if (this.open.size > OPEN_READERS) {
      const [oldest, entry] = this.open.entries().next().value!;
      this.close(oldest, entry);
    }
    return opened.reader;
  }

  /** Closes the reader of a database that is gone (or whose file was replaced). */
  forget(tenantId: string, id: string): void {
    const key = `${tenantId}/${id}`;
    const current = this.open.get(key);
    if (current) this.close(key, current);
  }

  async closeAll(): Promise<void> {
    const entries = [...this.open.entries()];
    this.open.clear();
    this.processes.close();
    await Promise.all(entries.map(([, entry]) => entry.reader.then((reader) => reader.close()).catch(() => undefined)));
  }

  private close(key: string, entry: Open): void {
    this.open.delete(key);
    entry.reader.then((reader) => reader.close()).catch(() => undefined);
  }

  private async openReader(tenantId: string, id: string, connection: DatabaseConnection): Promise<DatabaseReader> {
    if (connection.kind === 'builtin') return builtinReader(this.databases.files.pathOf(tenantId, id), this.processes);
    const resolved = await resolveHost(connection.host, this.options.lookup);
    if ('error' in resolved) throw new DatabaseQueryError(resolved.error, `host ${connection.host}`);
    const target = { ...connection, kind: connection.kind, address: resolved.address };
    return connection.kind === 'postgres' ? postgresReader(target) : mysqlReader(target);
  }
}
