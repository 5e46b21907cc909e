import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, type TestApp } from '../helper';

// The robot list is cached by the tenant's data version: these tests make sure no answer is stale,
// including when another server process (sharing the database) made the change.
const t = useTestApp();
let other: TestApp & { close: () => Promise<void> };

beforeAll(async () => {
  const { dataDir, databaseUrl, databaseSchema } = t.app.config;
  other = await createTestApp({ config: { dataDir, databaseUrl, databaseSchema } });
});
afterAll(() => other?.close());

type Listed = { list: Array<{ processId: string; name: string; enabled: boolean }>; total: number };

describe('GET /v1/processes stays fresh', () => {
  it('shows a create, a disable and a delete at once, whichever process made them', async () => {
    const token = await t.login();
    const list = async () => (await t.get('/v1/processes?limit=50', { token })).json() as Listed;
    expect((await list()).total).toBe(0);

    const created = (await other.post('/v1/processes', { token, body: { name: 'Made elsewhere' } })).json() as { processId: string };
    expect((await list()).list.map((r) => r.name)).toEqual(['Made elsewhere']);

    await other.put(`/v1/processes/${created.processId}/disableProcess`, { token });
    expect((await list()).list[0].enabled).toBe(false);

    await t.post('/v1/processes', { token, body: { name: 'Made here' } });
    expect((await list()).total).toBe(2);

    await other.del(`/v1/processes/${created.processId}`, { token });
    const after = await list();
    expect(after.list.map((r) => r.name)).toEqual(['Made here']);
    expect(after.total).toBe(1);
  });

  it('keeps tenants apart in the cache', async () => {
    const ownerToken = await t.login();
    const tenantB = await t.createTenant(ownerToken, 'Harbour Co');
    await t.post('/v1/processes', { token: tenantB.token, body: { name: 'Harbour robot' } });
    const a = (await t.get('/v1/processes?limit=50', { token: ownerToken })).json() as Listed;
    const b = (await t.get('/v1/processes?limit=50', { token: tenantB.token })).json() as Listed;
    expect(a.list.map((r) => r.name)).not.toContain('Harbour robot');
    expect(b.list.map((r) => r.name)).toEqual(['Harbour robot']);
  });
});
