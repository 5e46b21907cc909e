import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t.login();
});

describe('datasets', () => {
  it('creates, reads, lists and deletes a dataset', async () => {
    const created = await t.post('/v1/datasets', {
      token: admin,
      body: { name: 'Manuals', description: 'Product manuals' },
    });
    expect(created.statusCode).toBe(200);
    const dataset = created.json<Dataset>();
    expect(dataset).toMatchObject({ name: 'Manuals', description: 'Product manuals', fileCount: 0, segmentCount: 0 });

    expect((await t.get(`/v1/datasets/${dataset.id}`, { token: admin })).json()).toEqual(dataset);
    const list = (await t.get('/v1/datasets?keyword=manual', { token: admin })).json();
    expect(list.list.map((d: Dataset) => d.id)).toContain(dataset.id);

    expect((await t.del(`/v1/datasets/${dataset.id}`, { token: admin })).json()).toEqual({ ok: true });
    const gone = await t.get(`/v1/datasets/${dataset.id}`, { token: admin });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('DATASET_NOT_FOUND');
  });

  it('lists newest first with a total', async () => {
    const { token } = await t.createUser(admin, 'operator');
    for (const name of ['D1', 'D2', 'D3']) await t.post('/v1/datasets', { token, body: { name } });
    const page = (await t.get('/v1/datasets?limit=2', { token })).json();
    expect(page.list.map((d: Dataset) => d.name)).toEqual(['D3', 'D2']);
    expect(page.total).toBeGreaterThanOrEqual(3);
  });

  it('is not for agents', async () => {
    const { token } = await t.createUser(admin, 'agent');
    expect((await t.get('/v1/datasets', { token })).statusCode).toBe(403);
    expect((await t.post('/v1/datasets', { token, body: { name: 'x' } })).statusCode).toBe(403);
  });

  it('answers 422 for a name that is too long', async () => {
    const res = await t.post('/v1/datasets', { token: admin, body: { name: 'x'.repeat(101) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_too_long' });
  });
});
