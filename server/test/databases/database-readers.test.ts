import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DatabaseReaders } from '../../src/databases/database-readers';
import { DatabaseQueryError } from '../../src/databases/reader';
import { BuiltinDatabaseFiles } from '../../src/plugins/app/databases/builtin-files';
import type { DatabaseConnection, DatabasesRepository } from '../../src/plugins/app/databases/databases-repository';

const TENANT = 'tenant-1';
let dir: string;
let files: BuiltinDatabaseFiles;
const connections = new Map<string, DatabaseConnection>();
let readers: DatabaseReaders;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flotilla-readers-cache-'));
  files = new BuiltinDatabaseFiles(dir);
  await files.create(TENANT, 'db-1');
  connections.set('db-1', { kind: 'builtin', host: '', port: 0, database: '', user: '', updatedAt: 'v1' });
  connections.set('db-2', {
    kind: 'postgres',
    host: '169.254.169.254',
    port: 5432,
    database: 'x',
    user: 'x',
    updatedAt: 'v1',
  });
  // Only what DatabaseReaders reads of the repository: the connection and the built-in files.
  const repository = {
    files,
    connection: async (tenantId: string, id: string) => (tenantId === TENANT ? connections.get(id) : undefined),
  } as unknown as DatabasesRepository;
  readers = new DatabaseReaders(repository);
});

afterAll(async () => {
  await readers.closeAll();
  await rm(dir, { recursive: true, force: true });
});

it('keeps one reader per database until the database is edited or forgotten', async () => {
  const first = await readers.readerFor(TENANT, 'db-1');
  expect(await readers.readerFor(TENANT, 'db-1')).toBe(first);
  connections.set('db-1', { ...connections.get('db-1')!, updatedAt: 'v2' });
  const edited = await readers.readerFor(TENANT, 'db-1');
  expect(edited).not.toBe(first);
  readers.forget(TENANT, 'db-1');
  expect(await readers.readerFor(TENANT, 'db-1')).not.toBe(edited);
});

it("answers undefined for another tenant's database", async () => {
  expect(await readers.readerFor('tenant-2', 'db-1')).toBeUndefined();
});

it('refuses to open a reader to a metadata address', async () => {
  const error = await readers.readerFor(TENANT, 'db-2').catch((e) => e);
  expect(error).toBeInstanceOf(DatabaseQueryError);
  expect((error as DatabaseQueryError).code).toBe('ADDRESS_NOT_ALLOWED');
});
