import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Role, User } from '@flotilla/shared/contracts';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';

/** The first admin of every test app: the platform owner of the "Default" tenant. */
export const ADMIN = { username: 'admin', password: 'admin-password-1' };

/**
 * Fresh storage for one test file: its own PostgreSQL schema when TEST_DATABASE_URL is set (the
 * `server-postgres` vitest project), else an SQLite file in a new temporary directory.
 */
export async function freshStorage(): Promise<{ config: Partial<Config>; drop: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'flotilla-test-'));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { config: { dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };

  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    config: { dataDir, databaseUrl: url, databaseSchema: schema },
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Request = { token?: string; headers?: Record<string, string>; body?: unknown; form?: Record<string, string> };

function helpers(app: App) {
  const inject = (method: InjectOptions['method'], url: string, { token, headers, body, form }: Request = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(form
        ? { payload: new URLSearchParams(form).toString() }
        : body !== undefined
          ? { payload: body as InjectOptions['payload'] }
          : {}),
    });

  const api = {
    app,
    inject,
    get: (url: string, request?: Request) => inject('GET', url, request),
    post: (url: string, request?: Request) => inject('POST', url, request),
    put: (url: string, request?: Request) => inject('PUT', url, request),
    del: (url: string, request?: Request) => inject('DELETE', url, request),

    /** Logs in (JSON body) and returns the token; fails the test when the login fails. */
    async login(username = ADMIN.username, password = ADMIN.password): Promise<string> {
      const res = await inject('POST', '/v1/login', { body: { username, password } });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },

    /** Creates a user in the tenant of `adminToken` and logs them in. */
    async createUser(adminToken: string, role: Role, username = `${role}-${randomBytes(3).toString('hex')}`) {
      const password = 'user-password-1';
      const res = await inject('POST', '/v1/users', {
        token: adminToken,
        body: { username, nickname: username, password, role },
      });
      if (res.statusCode !== 200) throw new Error(`create ${username} failed: ${res.statusCode} ${res.body}`);
      return { user: res.json<User>(), token: await api.login(username, password), password };
    },

    /** Creates another tenant (as the platform owner) and logs its admin in. */
    async createTenant(ownerToken: string, name = `tenant-${randomBytes(3).toString('hex')}`) {
      const adminUsername = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-admin`;
      const adminPassword = 'tenant-password-1';
      const res = await inject('POST', '/v1/tenants', {
        token: ownerToken,
        body: { name, adminUsername, adminPassword },
      });
      if (res.statusCode !== 200) throw new Error(`create tenant ${name} failed: ${res.statusCode} ${res.body}`);
      const { tenant, admin } = res.json<{ tenant: { id: string }; admin: User }>();
      return { tenant, admin, token: await api.login(adminUsername, adminPassword) };
    },
  };
  return api;
}

export type TestApp = ReturnType<typeof helpers>;

export type TestAppOptions = {
  config?: Partial<Config>;
  /** Runs after buildApp and before ready: a test may add routes (e.g. one that throws). */
  configure?: (app: App) => void;
};

/** Builds one app for the calling test file (fresh storage, an empty static dir) and closes it after. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp & { close: () => Promise<void> }> {
  const storage = await freshStorage();
  const staticDir = await mkdtemp(join(tmpdir(), 'flotilla-static-'));
  const app = await buildApp({
    ...loadConfig({}),
    logLevel: 'silent',
    adminUser: ADMIN.username,
    adminPassword: ADMIN.password,
    staticDir,
    ...storage.config,
    ...options.config,
  });
  options.configure?.(app);
  await app.ready();
  return {
    ...helpers(app),
    close: async () => {
      await app.close();
      await storage.drop();
      await rm(staticDir, { recursive: true, force: true });
    },
  };
}

/**
 * `const t = useTestApp()` at the top of a test file: the app is built in beforeAll and closed in
 * afterAll; use `t.app`, `t.login()`, `t.get(...)` inside tests.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const context = {} as TestApp;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const built = await createTestApp(options);
    close = built.close;
    Object.assign(context, built);
  });
  afterAll(async () => {
    await close?.();
  });
  return context;
}

/**
 * Servers one after another over the same storage, for tests of what survives a restart. `start(config)`
 * builds and readies the next server (stop the previous one first with `stop()`, as a dying process would
 * be gone); the storage is made before the file's tests and dropped after them, with the last server closed.
 */
export function useRestartableServers(): {
  start(config?: Partial<Config>): Promise<App>;
  stop(): Promise<void>;
  dataDir(): string;
} {
  let storage: Awaited<ReturnType<typeof freshStorage>>;
  let current: App | undefined;
  const stop = async () => {
    const app = current;
    current = undefined;
    await app?.close();
  };
  beforeAll(async () => {
    storage = await freshStorage();
  });
  afterAll(async () => {
    await stop();
    await storage.drop();
  });
  return {
    async start(config = {}) {
      if (current) throw new Error('stop() the running server before starting the next one');
      current = await buildApp({
        ...loadConfig({}),
        logLevel: 'silent',
        adminUser: ADMIN.username,
        adminPassword: ADMIN.password,
        ...storage.config,
        staticDir: storage.config.dataDir as string,
        ...config,
      });
      await current.ready();
      return current;
    },
    stop,
    dataDir: () => storage.config.dataDir as string,
  };
}
