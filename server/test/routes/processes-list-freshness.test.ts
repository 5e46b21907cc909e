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

type Listed = {
  list: Array<{
    processId: string;
    name: string;
    description: string;
    enabled: boolean;
    tags: Array<{ id: string; name: string }>;
  }>;
  total: number;
};

describe('GET /v1/processes stays fresh', () => {
  it('shows a create, a disable and a delete at once, whichever process made them', async () => {
    const token = await t.login();
    const list = async () => (await t.get('/v1/processes?limit=50', { token })).json() as Listed;
    expect((await list()).total).toBe(0);

    const created = (await other.post('/v1/processes', { token, body: { name: 'Made elsewhere' } })).json() as {
      processId: string;
    };
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

  describe('after each robot write, whichever process made it', () => {
    let token: string;
    const list = async () => (await t.get('/v1/processes?limit=200', { token })).json() as Listed;
    const robot = async (processId: string) => (await list()).list.find((r) => r.processId === processId);
    const create = async (name: string) =>
      (await t.post('/v1/processes', { token, body: { name } })).json() as { processId: string };
    const createTag = async (name: string) =>
      (await other.post('/v1/processes/tag', { token, body: { name } })).json() as { id: string };

    beforeAll(async () => {
      token = await t.login();
    });

    it('shows an update at once', async () => {
      const { processId } = await create('Update me');
      expect((await robot(processId))?.name).toBe('Update me');
      await other.put(`/v1/processes/${processId}`, { token, body: { name: 'Updated', description: 'now described' } });
      expect(await robot(processId)).toMatchObject({ name: 'Updated', description: 'now described' });
    });

    it('shows a clone at once', async () => {
      const { processId } = await create('Clone me');
      const before = (await list()).total;
      const copy = (
        await other.get(`/v1/processes/${processId}/clone`, { token, headers: { 'accept-language': 'en-US' } })
      ).json() as { processId: string };
      const after = await list();
      expect(after.total).toBe(before + 1);
      expect(after.list[0]).toMatchObject({ processId: copy.processId, name: 'Clone me (copy)' });
    });

    it('shows an enable after a disable at once', async () => {
      const { processId } = await create('Toggle me');
      await other.put(`/v1/processes/${processId}/disableProcess`, { token });
      expect((await robot(processId))?.enabled).toBe(false);
      await other.put(`/v1/processes/${processId}/enableProcess`, { token });
      expect((await robot(processId))?.enabled).toBe(true);
    });

    it('shows a tag bind at once, and the tag filter sees it', async () => {
      const { processId } = await create('Bind me');
      const tag = await createTag('fresh-bind');
      expect((await t.get(`/v1/processes?tagId=${tag.id}`, { token })).json().total).toBe(0);
      await other.post('/v1/processes/tag/bind', { token, body: { processId, tagIds: [tag.id] } });
      expect((await robot(processId))?.tags).toEqual([{ id: tag.id, name: 'fresh-bind' }]);
      expect((await t.get(`/v1/processes?tagId=${tag.id}`, { token })).json().total).toBe(1);
    });

    it('shows a tag rename at once', async () => {
      const { processId } = await create('Rename my tag');
      const tag = await createTag('fresh-old');
      await other.post('/v1/processes/tag/bind', { token, body: { processId, tagIds: [tag.id] } });
      expect((await robot(processId))?.tags).toEqual([{ id: tag.id, name: 'fresh-old' }]);
      await other.post(`/v1/processes/tag/${tag.id}?name=fresh-new`, { token });
      expect((await robot(processId))?.tags).toEqual([{ id: tag.id, name: 'fresh-new' }]);
    });

    it('shows a tag delete at once', async () => {
      const { processId } = await create('Lose my tag');
      const tag = await createTag('fresh-doomed');
      await other.post('/v1/processes/tag/bind', { token, body: { processId, tagIds: [tag.id] } });
      expect((await robot(processId))?.tags).toHaveLength(1);
      await other.del(`/v1/processes/tag/${tag.id}`, { token });
      expect((await robot(processId))?.tags).toEqual([]);
    });

    it('raises the list version when a tag is created (an unbound tag shows in no list, so this is checked directly)', async () => {
      const me = (await t.get('/v1/users/me', { token })).json() as { tenantId: string };
      const version = async () =>
        (
          await t.app.db
            .selectFrom('dataVersions')
            .select('version')
            .where('tenantId', '=', me.tenantId)
            .where('area', '=', 'processes')
            .executeTakeFirstOrThrow()
        ).version;
      const before = await version();
      const tag = await createTag('fresh-created');
      expect(await version()).toBeGreaterThan(before);
      expect((await t.get(`/v1/processes?tagId=${tag.id}`, { token })).json().total).toBe(0);
    });
  });
});
