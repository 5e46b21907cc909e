import type { CreateDatasetBody, Dataset } from '@flotilla/shared';
import { mockFetch, type FakeRequest, type FakeResponse } from '@flotilla/shared/test';

let sequence = 0;

/** A dataset as the server answers it; fields not given get plain values. */
export function makeDataset(patch: Partial<Dataset> = {}): Dataset {
  sequence += 1;
  return {
    id: `d${sequence}`,
    name: `Dataset ${sequence}`,
    description: '',
    fileCount: 0,
    segmentCount: 0,
    createdAt: '2024-05-01T08:00:00.000Z',
    updatedAt: '2024-05-02T09:30:00.000Z',
    ...patch,
  };
}

/**
 * An in-memory `/v1/datasets` that behaves like the server's (keyword filter, offset/limit,
 * newest first, delete, 404). `override` answers a request first when it returns.
 */
export function fakeDatasetsApi(initial: Dataset[] = [], override?: (request: FakeRequest) => FakeResponse | undefined) {
  const datasets = [...initial];
  const requests = mockFetch((request) => {
    const overridden = override?.(request);
    if (overridden) return overridden;
    if (request.path === '/v1/datasets' && request.method === 'GET') {
      const keyword = request.query.get('keyword')?.toLowerCase();
      const matching = keyword ? datasets.filter((dataset) => dataset.name.toLowerCase().includes(keyword)) : datasets;
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit') ?? 20);
      return { body: { list: matching.slice(offset, offset + limit), total: matching.length } };
    }
    if (request.path === '/v1/datasets' && request.method === 'POST') {
      const body = request.body as CreateDatasetBody;
      const dataset = makeDataset({ name: body.name, description: body.description ?? '' });
      datasets.unshift(dataset);
      return { body: dataset };
    }
    const one = /^\/v1\/datasets\/([^/]+)$/.exec(request.path);
    if (one) {
      const index = datasets.findIndex((dataset) => dataset.id === decodeURIComponent(one[1]!));
      if (index < 0) return { status: 404, body: { code: 'DATASET_NOT_FOUND', message: 'Dataset not found' } };
      if (request.method === 'GET') return { body: datasets[index] };
      if (request.method === 'DELETE') {
        datasets.splice(index, 1);
        return { body: { ok: true } };
      }
    }
    return undefined;
  });
  return { datasets, requests };
}
