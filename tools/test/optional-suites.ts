// The two suites that need something outside the repository: the PostgreSQL server suite (a PostgreSQL
// server) and the browser suite (Chromium). `pnpm test` provides what it can — it installs Chromium
// with apt-get when it runs as root, and creates the test database on a server that lacks it — and
// otherwise leaves the suite out with a reason, never failing for it. In CI (`CI=true`), or when a
// suite was asked for by name (`--project e2e`), a suite that cannot run is an error instead.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromiumPath } from '../../e2e/support/chromium.ts';

export type Availability = { available: true } | { available: false; reason: string };

const AVAILABLE: Availability = { available: true };
const missing = (reason: string): Availability => ({ available: false, reason });

/** The subset of node-postgres used here (the server package owns the dependency). */
type PgClient = { connect(): Promise<void>; query(sql: string): Promise<unknown>; end(): Promise<void> };
type PgModule = { Client: new (options: { connectionString: string; connectionTimeoutMillis: number }) => PgClient };
const pg = createRequire(new URL('../../server/package.json', import.meta.url))('pg') as PgModule;

/** `host:port/database`, without the credentials a URL may carry. */
function describeUrl(url: URL): string {
  return `${url.hostname}:${url.port || 5432}${url.pathname}`;
}

async function tryConnect(connectionString: string, then?: (client: PgClient) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 15000 });
  try {
    await client.connect();
    await then?.(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function whyUnusable(error: unknown, url: URL): string {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH')
    return `nothing listens at ${url.hostname}:${url.port || 5432}`;
  // 28P01: wrong password; 28000: pg_hba.conf refuses; a client with no password gets a plain Error.
  if (code === '28P01' || code === '28000' || /password/i.test(message ?? '')) {
    return `${url.hostname}:${url.port || 5432} wants a password: ${message}; put a user and password in TEST_DATABASE_URL`;
  }
  return `${describeUrl(url)}: ${message ?? String(error)}`;
}

/** Connects to the test database, creating it (from the `postgres` database) when the server lacks it. */
export async function preparePostgres(connectionString: string): Promise<Availability> {
  const url = new URL(connectionString);
  try {
    await tryConnect(connectionString);
    return AVAILABLE;
  } catch (error) {
    // 3D000: the server answers, but this database does not exist yet.
    if ((error as { code?: string }).code !== '3D000') return missing(whyUnusable(error, url));
  }
  const database = decodeURIComponent(url.pathname.slice(1));
  const maintenance = new URL(connectionString);
  maintenance.pathname = '/postgres';
  try {
    await tryConnect(maintenance.href, (client) => client.query(`create database "${database.replaceAll('"', '""')}"`));
    console.log(`Created the PostgreSQL database ${describeUrl(url)} for the tests.`);
    return AVAILABLE;
  } catch (error) {
    // Another run created it a moment ago: 42P04 (duplicate database), or 23505 when both creates overlapped.
    if (['42P04', '23505'].includes((error as { code?: string }).code ?? '')) return AVAILABLE;
    return missing(`${describeUrl(url)} does not exist and could not be created: ${whyUnusable(error, maintenance)}`);
  }
}

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function aptGet(args: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync('apt-get', ['-qq', ...args], { stdio: ['ignore', 'ignore', 'inherit'], env }).status === 0;
}

/** Finds the browser the e2e tests drive, installing Debian's `chromium` when it can (root + apt-get). */
export function prepareChromium(): Availability {
  const path = chromiumPath();
  if (existsSync(path)) return AVAILABLE;
  if (process.env.CHROMIUM_PATH) return missing(`CHROMIUM_PATH is ${path}, which does not exist`);
  if (process.getuid?.() !== 0 || !onPath('apt-get')) {
    return missing(`no Chromium at ${path}, and installing it takes root and apt-get (apt-get install -y chromium)`);
  }
  console.log('Installing Chromium for the browser tests (apt-get install -y chromium)…');
  if (!aptGet(['update']) || !aptGet(['install', '-y', 'chromium']))
    return missing('apt-get install -y chromium failed');
  return existsSync(path) ? AVAILABLE : missing(`apt-get installed chromium, but ${path} is still missing`);
}

/** How the command line selects a project: not at all, among all (no `--project`), or by a pattern naming it. */
export type ProjectSelection = 'excluded' | 'all' | 'named';

/** Reads vitest's `--project <pattern>` options (`*` wildcards, `!` to exclude) the way vitest applies them. */
export function projectSelection(name: string, argv: readonly string[]): ProjectSelection {
  const patterns = argv.flatMap((arg, index) =>
    arg === '--project'
      ? [argv[index + 1] ?? '']
      : arg.startsWith('--project=')
        ? [arg.slice('--project='.length)]
        : [],
  );
  const matches = (pattern: string) =>
    new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    ).test(name);
  const included = patterns.filter((pattern) => !pattern.startsWith('!'));
  if (patterns.some((pattern) => pattern.startsWith('!') && matches(pattern.slice(1)))) return 'excluded';
  if (included.length === 0) return 'all';
  return included.some(matches) ? 'named' : 'excluded';
}

export type OptionalSuite = { project: string; title: string; prepare: () => Availability | Promise<Availability> };

/**
 * Prepares each optional suite this run selects. Returns the projects to leave out and one line that says
 * which and why; throws when a suite that must run (CI, or named on the command line) cannot.
 */
export async function prepareOptionalSuites(
  suites: readonly OptionalSuite[],
  argv: readonly string[],
  ci: boolean,
): Promise<{ leftOut: Set<string>; line: string | null }> {
  const leftOut = new Set<string>();
  const reasons: string[] = [];
  for (const suite of suites) {
    const selection = projectSelection(suite.project, argv);
    if (selection === 'excluded') continue;
    const availability = await suite.prepare();
    if (availability.available) continue;
    if (ci || selection === 'named') {
      throw new Error(`${suite.title} cannot run: ${availability.reason}.${ci ? ' CI runs every suite.' : ''}`);
    }
    leftOut.add(suite.project);
    reasons.push(`${suite.title} (${availability.reason})`);
  }
  const line = reasons.length > 0 ? `Flotilla left out ${reasons.join('; ')} — optional here, required in CI.` : null;
  return { leftOut, line };
}
