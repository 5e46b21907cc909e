import { mkdir, rm } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import SQLite from 'better-sqlite3';

/** Tenant and database ids as they may appear in a file name (ids are UUIDs; anything else is refused). */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Built-in databases' SQLite files on local disk, one per database: `<dataDir>/databases/<tenantId>/<id>.sqlite`.
 * A tenant's files sit in its own folder, so no path of one tenant names another's file.
 */
export class BuiltinDatabaseFiles {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'databases');
  }

  /** The file of a built-in database; throws for ids that could leave the databases folder. */
  pathOf(tenantId: string, id: string): string {
    if (!SAFE_ID.test(tenantId) || !SAFE_ID.test(id)) throw new Error(`unsafe built-in database id: ${tenantId}/${id}`);
    const path = resolve(this.root, tenantId, `${id}.sqlite`);
    if (!path.startsWith(this.root + sep)) throw new Error(`built-in database outside its folder: ${path}`);
    return path;
  }

  /** Creates the database's empty SQLite file in WAL mode. */
  async create(tenantId: string, id: string): Promise<void> {
    const path = this.pathOf(tenantId, id);
    await mkdir(resolve(path, '..'), { recursive: true, mode: 0o700 });
    const database = new SQLite(path, { fileMustExist: false });
    try {
      database.pragma('journal_mode = WAL');
    } finally {
      database.close();
    }
  }

  /** Removes the database's file and its WAL companions (nothing when they are gone already). */
  async remove(tenantId: string, id: string): Promise<void> {
    const path = this.pathOf(tenantId, id);
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${path}${suffix}`, { force: true })));
  }
}
