import { lookup as systemLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { DatabaseTestError, ExternalDatabaseKind } from '@flotilla/shared/contracts';

/** An external database to reach: where, who, and the password in clear (never logged). */
export type DatabaseTarget = {
  kind: ExternalDatabaseKind;
  host: string;
  port: number;
  database: string;
  user: string;
  password?: string;
};

export type DatabaseTestResult = { ok: true } | { ok: false; error: DatabaseTestError };

export type DatabaseTestOptions = {
  /** Longest wait for the connection (TCP and login). */
  connectTimeoutMs?: number;
  /** Longest wait for `SELECT 1` once connected. */
  queryTimeoutMs?: number;
  /** How a host name resolves; the system's DNS when unset (tests pass their own). */
  lookup?: (host: string) => Promise<string[]>;
};

export const DATABASE_TEST_DEFAULTS = { connectTimeoutMs: 5000, queryTimeoutMs: 5000 } as const;

/** Cloud metadata services, refused by address whatever range they fall in. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', '100.100.100.200', 'fd00:ec2::254']);
/** IPv4 ranges a database may live in: public, private networks, the host itself, carrier-grade NAT. */
const DATABASE_V4_RANGES = new Set(['unicast', 'private', 'loopback', 'carrierGradeNat']);
/** IPv6 ranges a database may live in: global, unique-local (the private networks of IPv6), the host itself. */
const DATABASE_V6_RANGES = new Set(['unicast', 'uniqueLocal', 'loopback']);

/**
 * Whether a database may be reached at `address`. Unlike outbound HTTP, private and loopback addresses
 * are allowed (databases live on private networks); refused are link-local (169.254/16, fe80::/10), cloud
 * metadata addresses, multicast, unspecified, broadcast and reserved ranges, and anything not an address.
 */
export function isDatabaseAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIP(bare) === 0 || !ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  if (METADATA_ADDRESSES.has(parsed.toString())) return false;
  if (parsed.kind() === 'ipv4') return DATABASE_V4_RANGES.has(parsed.range());
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId !== undefined) return false;
  if (v6.isIPv4MappedAddress()) return isDatabaseAddress(v6.toIPv4Address().toString());
  return DATABASE_V6_RANGES.has(v6.range());
}

/** The address to connect to, checked (every address of the name must be one a database may have). */
export async function resolveHost(
  host: string,
  lookup: DatabaseTestOptions['lookup'],
): Promise<{ address: string } | { error: DatabaseTestError }> {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  let addresses: string[];
  if (isIP(bare) !== 0) addresses = [bare];
  else {
    try {
      addresses = lookup
        ? await lookup(bare)
        : (await systemLookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      return { error: 'DNS_FAILED' };
    }
  }
  if (addresses.length === 0) return { error: 'DNS_FAILED' };
  // Every address the name has must be allowed, and the connection goes to the one checked (no second lookup).
  if (!addresses.every(isDatabaseAddress)) return { error: 'ADDRESS_NOT_ALLOWED' };
  return { address: addresses[0]! };
}

const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ETIMEOUT', 'PROTOCOL_SEQUENCE_TIMEOUT']);
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'EHOSTDOWN']);

/** A driver's failure as a stable code: its error codes first, then the words the drivers use for timeouts. */
export function databaseErrorCode(error: unknown): DatabaseTestError {
  const { code, errno, message } = (error ?? {}) as { code?: unknown; errno?: unknown; message?: unknown };
  // PostgreSQL SQLSTATE: invalid password, invalid authorization (unknown role, refused by pg_hba), unknown database.
  if (code === '28P01' || code === '28000') return 'AUTH_FAILED';
  if (code === '3D000') return 'DATABASE_NOT_FOUND';
  // MySQL/MariaDB: access denied (1045), access to the database denied (1044), unknown database (1049).
  if (code === 'ER_ACCESS_DENIED_ERROR' || errno === 1045 || code === 'ER_DBACCESS_DENIED_ERROR' || errno === 1044)
    return 'AUTH_FAILED';
  if (code === 'ER_BAD_DB_ERROR' || errno === 1049) return 'DATABASE_NOT_FOUND';
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return 'TIMEOUT';
  if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return 'HOST_UNREACHABLE';
  // A connection that fails on several addresses (or through pg's pool) can carry its causes in an AggregateError.
  if (error instanceof AggregateError && error.errors.length > 0) return databaseErrorCode(error.errors[0]);
  if (typeof message === 'string' && /timeout|timed out/i.test(message)) return 'TIMEOUT';
  return 'CONNECTION_FAILED';
}

async function selectOnePostgres(address: string, target: DatabaseTarget, connectMs: number, queryMs: number) {
  const client = new pg.Client({
    host: address,
    port: target.port,
    database: target.database,
    user: target.user,
    password: target.password ?? '',
    connectionTimeoutMillis: connectMs,
    query_timeout: queryMs,
    statement_timeout: queryMs,
    application_name: 'flotilla',
  });
  // A failure after connecting (the server closing) must not become an unhandled 'error' event.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function selectOneMysql(address: string, target: DatabaseTarget, connectMs: number, queryMs: number) {
  const connection = await mysql.createConnection({
    host: address,
    port: target.port,
    database: target.database,
    user: target.user,
    password: target.password ?? '',
    connectTimeout: connectMs,
  });
  connection.on('error', () => undefined);
  try {
    await connection.query({ sql: 'SELECT 1', timeout: queryMs });
  } finally {
    connection.destroy();
  }
}

/**
 * Connects to an external database and runs `SELECT 1`, within the connect and query timeouts: the host is
 * resolved first and refused when an address is not one a database may have (see isDatabaseAddress).
 * Every failure is a stable code; none throws. The password is never part of a result or a log.
 */
export async function testDatabaseConnection(
  target: DatabaseTarget,
  options: DatabaseTestOptions = {},
): Promise<DatabaseTestResult> {
  const connectMs = options.connectTimeoutMs ?? DATABASE_TEST_DEFAULTS.connectTimeoutMs;
  const queryMs = options.queryTimeoutMs ?? DATABASE_TEST_DEFAULTS.queryTimeoutMs;
  const resolved = await resolveHost(target.host, options.lookup);
  if ('error' in resolved) return { ok: false, error: resolved.error };
  const attempt = target.kind === 'postgres' ? selectOnePostgres : selectOneMysql;
  // A ceiling over both drivers' own timeouts, so that no stage they do not time (TLS, a stalled handshake)
  // can hold the request.
  let timer: NodeJS.Timeout | undefined;
  const ceiling = new Promise<DatabaseTestResult>((settle) => {
    timer = setTimeout(() => settle({ ok: false, error: 'TIMEOUT' }), connectMs + queryMs + 1000);
  });
  const run = attempt(resolved.address, target, connectMs, queryMs).then(
    (): DatabaseTestResult => ({ ok: true }),
    (error: unknown): DatabaseTestResult => ({ ok: false, error: databaseErrorCode(error) }),
  );
  try {
    return await Promise.race([run, ceiling]);
  } finally {
    clearTimeout(timer);
  }
}
