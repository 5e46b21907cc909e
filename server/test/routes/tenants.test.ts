import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helper';

const t = useTestApp();
let owner: string;

beforeAll(async () => {
  owner = await t.login();
});

describe('POST /v1/tenants', () => {
  it('lets the platform owner create a tenant whose admin can log in', async () => {
    const res = await t.post('/v1/tenants', {
      token: owner,
      body: { name: 'Acme', adminUsername: 'acme-admin', adminPassword: 'acme-password' },
    });
    expect(res.statusCode).toBe(200);
    const { tenant, admin } = res.json();
    expect(tenant).toMatchObject({ id: expect.any(String), name: 'Acme' });
    expect(admin).toMatchObject({ username: 'acme-admin', role: 'admin', tenantId: tenant.id });
    await t.login('acme-admin', 'acme-password');
  });

  it('answers 409 for a username in use or a tenant name in use, creating nothing', async () => {
    const user = await t.post('/v1/tenants', {
      token: owner,
      body: { name: 'Other', adminUsername: 'admin', adminPassword: 'password-123' },
    });
    expect(user.statusCode).toBe(409);
    expect(user.json().code).toBe('USERNAME_TAKEN');
    const name = await t.post('/v1/tenants', {
      token: owner,
      body: { name: 'Acme', adminUsername: 'acme2-admin', adminPassword: 'password-123' },
    });
    expect(name.statusCode).toBe(409);
    expect(name.json().code).toBe('TENANT_EXISTS');
    // The first attempt's tenant was not left behind: its name is still free.
    const retry = await t.post('/v1/tenants', {
      token: owner,
      body: { name: 'Other', adminUsername: 'other-admin', adminPassword: 'password-123' },
    });
    expect(retry.statusCode).toBe(200);
  });

  it("refuses another tenant's admin and any operator with 403", async () => {
    const other = await t.createTenant(owner);
    const res = await t.post('/v1/tenants', {
      token: other.token,
      body: { name: 'Sneaky', adminUsername: 'sneaky-admin', adminPassword: 'password-123' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const operator = await t.createUser(owner, 'operator');
    expect(
      (
        await t.post('/v1/tenants', {
          token: operator.token,
          body: { name: 'Sneaky', adminUsername: 'sneaky-admin', adminPassword: 'password-123' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('validates its body with 422', async () => {
    const res = await t.post('/v1/tenants', {
      token: owner,
      body: { name: '', adminUsername: 'x y', adminPassword: '1' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc[0]).toBe('body');
  });
});
