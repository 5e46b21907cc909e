import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue, Dataset, DatasetFile, User } from '@flotilla/shared/contracts';
import { useTestApp } from '../helper';
import { createDataset, segmentRows, uploadAndWait } from '../support/datasets';

const t = useTestApp();
let admin: string;
let operator: string;
let agent: string;
let otherTenant: string;
let tenantId: string;

beforeAll(async () => {
  admin = await t.login();
  tenantId = (await t.get('/v1/users/me', { token: admin })).json<User>().tenantId;
  operator = (await t.createUser(admin, 'operator')).token;
  agent = (await t.createUser(admin, 'agent')).token;
  otherTenant = (await t.createTenant(admin, 'Catalogues Tenant B')).token;
});

const create = async (datasetId: string, name: string, parentId?: string) => {
  const res = await t.post(`/v1/datasets/${datasetId}/catalogues`, {
    token: operator,
    body: { name, ...(parentId ? { parentId } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Catalogue>();
};
const move = (datasetId: string, id: string, parentId: string | null) =>
  t.put(`/v1/datasets/${datasetId}/catalogues/${id}`, {
    token: operator,
    body: { parentId },
    headers: { 'accept-language': 'en' },
  });

describe('catalogues', () => {
  it('creates a tree, lists it by name, renames and moves', async () => {
    const dataset = await createDataset(t, operator);
    const manuals = await create(dataset.id, ' Manuals ');
    expect(manuals).toEqual({
      id: expect.any(String),
      datasetId: dataset.id,
      parentId: null,
      name: 'Manuals',
      createdAt: expect.any(String),
    });
    const phones = await create(dataset.id, 'Phones', manuals.id);
    const archive = await create(dataset.id, 'Archive');
    const list = (await t.get(`/v1/datasets/${dataset.id}/catalogues`, { token: operator })).json<Catalogue[]>();
    expect(list.map((c) => [c.name, c.parentId])).toEqual([
      ['Archive', null],
      ['Manuals', null],
      ['Phones', manuals.id],
    ]);

    const renamed = await t.put(`/v1/datasets/${dataset.id}/catalogues/${phones.id}`, {
      token: operator,
      body: { name: 'Mobiles' },
    });
    expect(renamed.json()).toMatchObject({ id: phones.id, name: 'Mobiles', parentId: manuals.id });
    expect((await move(dataset.id, phones.id, archive.id)).json()).toMatchObject({
      parentId: archive.id,
      name: 'Mobiles',
    });
    expect((await move(dataset.id, phones.id, null)).json()).toMatchObject({ parentId: null });
  });

  it('refuses to move a catalogue into itself or one of its descendants (409 CONFLICT)', async () => {
    const dataset = await createDataset(t, operator);
    const a = await create(dataset.id, 'A');
    const b = await create(dataset.id, 'B', a.id);
    const c = await create(dataset.id, 'C', b.id);
    for (const target of [a, b, c]) {
      const res = await move(dataset.id, a.id, target.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'CONFLICT',
        message: 'A folder cannot move into itself or one of its subfolders',
      });
    }
    // Moving down the other way is fine: C to the top, then A under C.
    expect((await move(dataset.id, c.id, null)).statusCode).toBe(200);
    expect((await move(dataset.id, a.id, c.id)).statusCode).toBe(200);
    expect((await move(dataset.id, c.id, b.id)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown catalogue or a parent in another dataset; 422 for a blank name', async () => {
    const dataset = await createDataset(t, operator);
    const other = await createDataset(t, operator);
    const elsewhere = await create(other.id, 'Elsewhere');
    const mine = await create(dataset.id, 'Mine');
    const parent = await t.post(`/v1/datasets/${dataset.id}/catalogues`, {
      token: operator,
      body: { name: 'x', parentId: elsewhere.id },
    });
    expect(parent.statusCode).toBe(404);
    expect(parent.json().code).toBe('CATALOGUE_NOT_FOUND');
    expect((await move(dataset.id, mine.id, elsewhere.id)).json().code).toBe('CATALOGUE_NOT_FOUND');
    expect((await move(dataset.id, elsewhere.id, null)).json().code).toBe('CATALOGUE_NOT_FOUND');
    expect(
      (await t.del(`/v1/datasets/${dataset.id}/catalogues/${elsewhere.id}`, { token: operator })).json().code,
    ).toBe('CATALOGUE_NOT_FOUND');
    expect(
      (await t.post(`/v1/datasets/${dataset.id}/catalogues`, { token: operator, body: { name: '   ' } })).statusCode,
    ).toBe(422);
    expect(
      (await t.put(`/v1/datasets/${dataset.id}/catalogues/${mine.id}`, { token: operator, body: {} })).statusCode,
    ).toBe(422);
    expect(
      (await t.post('/v1/datasets/no-such/catalogues', { token: operator, body: { name: 'x' } })).json().code,
    ).toBe('DATASET_NOT_FOUND');
  });

  it('deletes a catalogue with its subtree, their files, segments and originals', async () => {
    const dataset = await createDataset(t, operator);
    const top = await create(dataset.id, 'Top');
    const child = await create(dataset.id, 'Child', top.id);
    const grandchild = await create(dataset.id, 'Grandchild', child.id);
    const sibling = await create(dataset.id, 'Sibling');
    const files: DatasetFile[] = [];
    for (const [name, catalogueId] of [
      ['top.txt', top.id],
      ['child.txt', child.id],
      ['deep.txt', grandchild.id],
    ] as const) {
      files.push(
        await uploadAndWait(t, operator, dataset.id, name, Buffer.from(`Text of ${name}. More text.`), { catalogueId }),
      );
    }
    const kept = await uploadAndWait(t, operator, dataset.id, 'kept.txt', Buffer.from('Kept text.'), {
      catalogueId: sibling.id,
    });
    const before = (await t.get(`/v1/datasets/${dataset.id}`, { token: operator })).json<Dataset>();
    expect(before).toMatchObject({ fileCount: 4 });

    expect((await t.del(`/v1/datasets/${dataset.id}/catalogues/${top.id}`, { token: operator })).json()).toEqual({
      ok: true,
    });
    const left = (await t.get(`/v1/datasets/${dataset.id}/catalogues`, { token: operator })).json<Catalogue[]>();
    expect(left.map((c) => c.name)).toEqual(['Sibling']);
    const remaining = (await t.get(`/v1/datasets/${dataset.id}/files`, { token: operator })).json<{
      list: DatasetFile[];
    }>();
    expect(remaining.list.map((f) => f.name)).toEqual(['kept.txt']);
    for (const file of files) {
      expect(await segmentRows(t, { fileId: file.id })).toEqual([]);
      expect(existsSync(join(t.app.config.dataDir, 'files', 'datasets', tenantId, file.id))).toBe(false);
    }
    expect((await t.get(`/v1/datasets/${dataset.id}`, { token: operator })).json()).toMatchObject({
      fileCount: 1,
      segmentCount: kept.segmentCount,
    });
  });

  it("answers 404 on another tenant's dataset and 403 to agents", async () => {
    const dataset = await createDataset(t, operator);
    const folder = await create(dataset.id, 'Private');
    const base = `/v1/datasets/${dataset.id}/catalogues`;
    const calls = [
      ['GET', base, {}],
      ['POST', base, { body: { name: 'x' } }],
      ['PUT', `${base}/${folder.id}`, { body: { name: 'x' } }],
      ['DELETE', `${base}/${folder.id}`, {}],
    ] as const;
    for (const [method, url, request] of calls) {
      const res = await t.inject(method, url, { token: otherTenant, ...request });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('DATASET_NOT_FOUND');
      expect((await t.inject(method, url, { token: agent, ...request })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.get(base, { token: operator })).json()).toEqual([folder]);
  });
});
