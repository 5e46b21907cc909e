import { describe, expect, it } from 'vitest';
import { databaseErrorCode, isDatabaseAddress, testDatabaseConnection } from '../../src/lib/database-connection';

describe('isDatabaseAddress', () => {
  it('allows public, private, loopback and carrier-grade NAT addresses (databases live on private networks)', () => {
    for (const address of [
      '8.8.8.8',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.10',
      '127.0.0.1',
      '100.64.0.1',
      '::1',
      'fd12::5',
      '2001:4860::8888',
      '::ffff:10.0.0.1',
    ])
      expect(isDatabaseAddress(address), address).toBe(true);
  });

  it('refuses link-local, metadata, multicast, unspecified, broadcast and non-addresses', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.1.1',
      'fe80::1',
      '[fe80::1]',
      '100.100.100.200',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '224.0.0.1',
      'ff02::1',
      '0.0.0.0',
      '::',
      '255.255.255.255',
      'localhost',
      '0x7f.1',
      '',
    ])
      expect(isDatabaseAddress(address), address).toBe(false);
  });
});

describe('testDatabaseConnection', () => {
  const target = { kind: 'postgres' as const, host: 'db.internal', port: 5432, database: 'd', user: 'u' };

  it('refuses a name when any of its addresses is refused, before connecting', async () => {
    const lookup = async () => ['10.0.0.5', '169.254.169.254'];
    expect(await testDatabaseConnection(target, { lookup })).toEqual({ ok: false, error: 'ADDRESS_NOT_ALLOWED' });
  });

  it('a name that does not resolve is DNS_FAILED', async () => {
    const lookup = async (): Promise<string[]> => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await testDatabaseConnection(target, { lookup })).toEqual({ ok: false, error: 'DNS_FAILED' });
  });
});

describe('databaseErrorCode', () => {
  it("maps the drivers' errors to stable codes", () => {
    expect(databaseErrorCode({ code: '28P01' })).toBe('AUTH_FAILED');
    expect(databaseErrorCode({ code: 'ER_ACCESS_DENIED_ERROR', errno: 1045 })).toBe('AUTH_FAILED');
    expect(databaseErrorCode({ code: '3D000' })).toBe('DATABASE_NOT_FOUND');
    expect(databaseErrorCode({ code: 'ER_BAD_DB_ERROR', errno: 1049 })).toBe('DATABASE_NOT_FOUND');
    expect(databaseErrorCode({ code: 'ECONNREFUSED' })).toBe('HOST_UNREACHABLE');
    expect(databaseErrorCode({ code: 'ETIMEDOUT' })).toBe('TIMEOUT');
    expect(databaseErrorCode(new Error('Connection terminated due to connection timeout'))).toBe('TIMEOUT');
    expect(databaseErrorCode(new AggregateError([{ code: 'ECONNREFUSED' }]))).toBe('HOST_UNREACHABLE');
    expect(databaseErrorCode(new Error('something else'))).toBe('CONNECTION_FAILED');
    expect(databaseErrorCode(undefined)).toBe('CONNECTION_FAILED');
  });
});
