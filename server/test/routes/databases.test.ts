import { randomBytes } from 'node:crypto';
import { access, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseListResponse, TestDatabaseResponse } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { MARIADB_DATABASE, POSTGRES_DATABASE } from '../support/external-databases';

const postgres = POSTGRES_DATABASE;
const { kind: _kind, user: _root, ...MARIADB } = MARIADB_DATABASE;

// A MariaDB user with a password of its own, to prove what a stored password does.
const suffix = randomBytes(4).toString('hex');
const mariaUser = { user: `flotilla_${suffix}`, password: `pw-${randomBytes(8).toString('hex')}` };
const mariadb = { kind: 'mysql', ...MARIADB, ...mariaUser };
const MARIA_HOSTS = ['%', '127.0.0.1', 'localhost'];

async function asMariaRoot<T>(work: (connection: mysql.Connection) => Promise<T>): Promise<T> {
  const connection = await mysql.createConnection({ ...MARIADB, user: 'root', password: '' });
  try {
    return await work(connection);
  } finally {
    await connection.end();
  }
}

const t = useTestApp();
let admin: string;
let operator: string;
let agent: string;
let tenantId: string;

beforeAll(async () => {
  admin = await t.login();
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  tenantId = (await t.get('/v1/users/me', { token: admin })).json<{ tenantId: string }>().tenantId;
  await asMariaRoot(async (connection) => {
    for (const host of MARIA_HOSTS) {
      await connection.query('CREATE USER ?@? IDENTIFIED BY ?', [mariaUser.user, host, mariaUser.password]);
      await connection.query('GRANT SELECT ON test.* TO ?@?', [mariaUser.user, host]);
    }
  });
});

afterAll(async () => {
  await asMariaRoot(async (connection) => {
    for (const host of MARIA_HOSTS) await connection.query('DROP USER IF EXISTS ?@?', [mariaUser.user, host]);
  });
});

const create = (body: Record<string, unknown>, token = admin) => t.post('/v1/databases', { token, body });
const testConnection = (body: Record<string, unknown>, token = admin) =>
  t.post('/v1/databases/test', { token, body: { name: 'probe', ...body } });
const builtinFile = (id: string) => join(t.app.config.dataDir, 'databases', tenantId, `${id}.sqlite`);
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('built-in databases', () => {
  it('an operator creates, reads, lists, renames and deletes one; its SQLite file comes and goes with it', async () => {
    const res = await create(
      { name: 'Orders', kind: 'builtin', host: 'ignored.example', description: 'order book' },
      operator,
    );
    expect(res.statusCode).toBe(200);
    const created = res.json<Database>();
    expect(created).toMatchObject({ name: 'Orders', kind: 'builtin', host: '', port: 0, hasPassword: false });
    expect(created.description).toBe('order book');
    const file = builtinFile(created.id);
    expect((await stat(file)).isFile()).toBe(true);
    // An SQLite file in WAL mode: byte 18 and 19 of the header are 2.
    const header = await readFile(file);
    expect(header.subarray(0, 15).toString()).toBe('SQLite format 3');
    expect([header[18], header[19]]).toEqual([2, 2]);

    expect((await t.get(`/v1/databases/${created.id}`, { token: agent })).json<Database>().name).toBe('Orders');
    const list = (await t.get('/v1/databases?keyword=order%20book', { token: agent })).json<DatabaseListResponse>();
    expect(list.list.map((d) => d.id)).toEqual([created.id]);
    expect(list.total).toBe(1);

    const renamed = await t.put(`/v1/databases/${created.id}`, { token: operator, body: { name: 'Order book' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Database>()).toMatchObject({ name: 'Order book', description: 'order book' });

    expect((await testConnection({ kind: 'builtin', id: created.id }, operator)).json()).toEqual({ ok: true });

    expect((await t.del(`/v1/databases/${created.id}`, { token: operator })).statusCode).toBe(200);
    expect(await exists(file)).toBe(false);
    expect((await t.get(`/v1/databases/${created.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('an agent may read but not create, change or delete', async () => {
    expect((await create({ name: 'x', kind: 'builtin' }, agent)).statusCode).toBe(403);
    const own = (await create({ name: 'Agents look', kind: 'builtin' })).json<Database>();
    expect((await t.get(`/v1/databases/${own.id}`, { token: agent })).statusCode).toBe(200);
    expect((await t.put(`/v1/databases/${own.id}`, { token: agent, body: { name: 'y' } })).statusCode).toBe(403);
    expect((await t.del(`/v1/databases/${own.id}`, { token: agent })).statusCode).toBe(403);
    expect((await testConnection({ kind: 'builtin' }, agent)).statusCode).toBe(403);
  });
});

describe('external databases', () => {
  it('PostgreSQL: created by an admin, tested ok, never answering with its password', async () => {
    const password = `secret-${randomBytes(6).toString('hex')}`;
    const res = await create({ name: 'Warehouse', ...postgres, password });
    expect(res.statusCode).toBe(200);
    const created = res.json<Database>();
    expect(created).toMatchObject({ kind: 'postgres', host: postgres.host, port: postgres.port, hasPassword: true });
    expect(res.body).not.toContain(password);
    for (const answer of [
      await t.get(`/v1/databases/${created.id}`, { token: admin }),
      await t.get('/v1/databases', { token: admin }),
      await t.put(`/v1/databases/${created.id}`, { token: admin, body: { description: 'stock' } }),
    ]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(password);
      expect(answer.body).not.toMatch(/passwordEncrypted|"password"/);
    }
    expect((await testConnection({ ...postgres, password })).json()).toEqual({ ok: true });
    expect((await testConnection({ ...postgres, id: created.id })).json()).toEqual({ ok: true });
    expect((await t.del(`/v1/databases/${created.id}`, { token: admin })).statusCode).toBe(200);
  });

  it('MariaDB: the stored password is used by id, kept by a PUT without one, replaced by a PUT with one', async () => {
    const created = (await create({ name: 'Shop', ...mariadb })).json<Database>();
    expect(created).toMatchObject({ kind: 'mysql', user: mariaUser.user, hasPassword: true });
    const { password: _typed, ...withoutPassword } = mariadb;
    expect((await testConnection({ ...withoutPassword, id: created.id })).json()).toEqual({ ok: true });
    // Without the saved id there is no password: the server refuses the login.
    expect((await testConnection(withoutPassword)).json()).toEqual({ ok: false, error: 'AUTH_FAILED' });

    const renamed = await t.put(`/v1/databases/${created.id}`, { token: admin, body: { name: 'Shop (eu)' } });
    expect(renamed.json<Database>()).toMatchObject({ name: 'Shop (eu)', hasPassword: true });
    expect((await testConnection({ ...withoutPassword, id: created.id })).json()).toEqual({ ok: true });

    await t.put(`/v1/databases/${created.id}`, { token: admin, body: { password: 'not-the-password' } });
    expect((await testConnection({ ...withoutPassword, id: created.id })).json()).toEqual({
      ok: false,
      error: 'AUTH_FAILED',
    });
    // A password typed in the form wins over the stored one.
    expect((await testConnection({ ...mariadb, id: created.id })).json()).toEqual({ ok: true });
  });

  it('the stored password never goes to another host than the saved one', async () => {
    const created = (await create({ name: 'Pinned', ...mariadb })).json<Database>();
    const { password: _typed, ...withoutPassword } = mariadb;
    // The same server by another name: without the stored password the login fails (or ::1 is not served).
    const elsewhere = { ...withoutPassword, host: 'localhost', id: created.id };
    expect((await testConnection(elsewhere)).json()).toMatchObject({ ok: false });
    // Saved with another host and no new password, it drops the stored one instead of carrying it there.
    const moved = await t.put(`/v1/databases/${created.id}`, { token: admin, body: { host: 'localhost' } });
    expect(moved.json<Database>()).toMatchObject({ host: 'localhost', hasPassword: false });
    const back = await t.put(`/v1/databases/${created.id}`, { token: admin, body: { host: mariadb.host } });
    expect(back.json<Database>()).toMatchObject({ hasPassword: false });
    expect((await testConnection({ ...withoutPassword, id: created.id })).json()).toEqual({
      ok: false,
      error: 'AUTH_FAILED',
    });
  });

  it('MariaDB root without a password answers ok; a wrong password is AUTH_FAILED', async () => {
    const root = { kind: 'mysql', ...MARIADB, user: 'root' };
    expect((await testConnection(root)).json()).toEqual({ ok: true });
    expect((await testConnection({ ...root, password: 'wrong' })).json()).toEqual({ ok: false, error: 'AUTH_FAILED' });
  });

  it('maps failures to stable codes, each a 200', async () => {
    const cases: Array<[Record<string, unknown>, TestDatabaseResponse['error']]> = [
      [{ ...postgres, user: `nobody_${suffix}` }, 'AUTH_FAILED'],
      [{ ...postgres, database: `missing_${suffix}` }, 'DATABASE_NOT_FOUND'],
      [{ ...mariadb, database: `missing_${suffix}`, user: 'root', password: undefined }, 'DATABASE_NOT_FOUND'],
      [{ ...postgres, host: '127.0.0.1', port: 1 }, 'HOST_UNREACHABLE'],
      [{ ...mariadb, port: 1 }, 'HOST_UNREACHABLE'],
      [{ ...postgres, host: '169.254.169.254' }, 'ADDRESS_NOT_ALLOWED'],
      [{ ...mariadb, host: '169.254.10.1' }, 'ADDRESS_NOT_ALLOWED'],
      [{ ...postgres, host: '[fe80::1]' }, 'ADDRESS_NOT_ALLOWED'],
      [{ ...postgres, host: '0.0.0.0' }, 'ADDRESS_NOT_ALLOWED'],
      [{ ...postgres, host: '224.0.0.1' }, 'ADDRESS_NOT_ALLOWED'],
      [{ ...postgres, host: 'no-such-host.invalid' }, 'DNS_FAILED'],
    ];
    for (const [body, error] of cases) {
      const res = await testConnection(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(200);
      expect(res.json(), JSON.stringify(body)).toEqual({ ok: false, error });
    }
  });

  it('operators may not create, test, change or delete external databases; built-in is theirs', async () => {
    expect((await create({ name: 'Not mine', ...postgres }, operator)).statusCode).toBe(403);
    expect((await testConnection(postgres, operator)).statusCode).toBe(403);
    expect((await create({ name: 'Mine', kind: 'builtin' }, operator)).statusCode).toBe(200);
    const external = (await create({ name: 'Admins only', ...postgres })).json<Database>();
    expect((await t.put(`/v1/databases/${external.id}`, { token: operator, body: { name: 'x' } })).statusCode).toBe(
      403,
    );
    expect((await t.del(`/v1/databases/${external.id}`, { token: operator })).statusCode).toBe(403);
    // Reading stays open to every member of the tenant.
    expect((await t.get(`/v1/databases/${external.id}`, { token: operator })).statusCode).toBe(200);
    expect((await create({ name: 'Agent', ...postgres }, agent)).statusCode).toBe(403);
  });

  it('an external kind without host, port, database or user is a 422 naming the field', async () => {
    const { host: _host, ...noHost } = postgres;
    const res = await create({ name: 'No host', ...noHost });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ detail: Array<{ loc: unknown[] }> }>().detail[0]?.loc).toEqual(['body', 'host']);
    expect((await create({ name: 'Bad port', ...postgres, port: 70000 })).statusCode).toBe(422);
    expect((await create({ name: 'Long host', ...postgres, host: 'h'.repeat(256) })).statusCode).toBe(422);
    expect((await create({ name: 'x', kind: 'oracle' })).statusCode).toBe(422);
  });
});

describe('tenants', () => {
  it("another tenant's database is a 404 for every call", async () => {
    const own = (await create({ name: 'Private', ...postgres, password: 'hidden' })).json<Database>();
    const builtin = (await create({ name: 'Private file', kind: 'builtin' })).json<Database>();
    const other = await t.createTenant(admin);
    for (const id of [own.id, builtin.id]) {
      expect((await t.get(`/v1/databases/${id}`, { token: other.token })).statusCode).toBe(404);
      expect((await t.put(`/v1/databases/${id}`, { token: other.token, body: { name: 'x' } })).statusCode).toBe(404);
      expect((await t.del(`/v1/databases/${id}`, { token: other.token })).statusCode).toBe(404);
      expect((await testConnection({ ...postgres, id }, other.token)).statusCode).toBe(404);
    }
    expect((await t.get('/v1/databases', { token: other.token })).json<DatabaseListResponse>().total).toBe(0);
    expect(await exists(builtinFile(builtin.id))).toBe(true);
  });
});
