import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDatasetsApi, makeDataset } from '../../../test/fake-datasets-api';
import {
  $saveFailure,
  $savedDataset,
  datasetFormOpened,
  datasetFormSubmitted,
  type DatasetFormValues,
} from '../../dataset-create/dataset-create.model';
import {
  $datasets,
  $listStatus,
  $loadFailure,
  $page,
  $query,
  $searchText,
  $total,
  datasetDeleteConfirmed,
  datasetSearchChanged,
  datasetsPageChanged,
  datasetsPageOpened,
  datasetsRetryClicked,
} from '../datasets.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Requests = ReturnType<typeof fakeDatasetsApi>['requests'];
const formValues = (patch: Partial<DatasetFormValues>): DatasetFormValues => ({
  name: '',
  description: '',
  chunkSize: 500,
  overlap: 50,
  separators: [],
  embeddingModel: null,
  ...patch,
});
const listRequests = (requests: Requests) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/v1/datasets');

describe('datasets model', () => {
  it('loads the first page when the page opens', async () => {
    const { requests } = fakeDatasetsApi([makeDataset({ name: 'Manuals', fileCount: 3, segmentCount: 120 })]);
    const scope = fork();
    await allSettled(datasetsPageOpened, { scope, params: { afterCreate: false } });
    expect(scope.getState($listStatus)).toBe('ready');
    expect(scope.getState($datasets)[0]).toMatchObject({ name: 'Manuals', fileCount: 3, segmentCount: 120 });
    expect(scope.getState($total)).toBe(1);
    expect(listRequests(requests)[0]!.query.toString()).toBe('offset=0&limit=20');
  });

  it('searches on the server once the user stops typing, and pages there too', async () => {
    const { requests } = fakeDatasetsApi([
      ...Array.from({ length: 22 }, (_, i) => makeDataset({ name: `Policy ${i}` })),
      makeDataset({ name: 'Manuals' }),
    ]);
    const scope = fork();
    await allSettled(datasetsPageOpened, { scope, params: { afterCreate: false } });
    await Promise.all(['p', 'po', 'policy'].map((text) => allSettled(datasetSearchChanged, { scope, params: text })));
    expect(
      listRequests(requests)
        .slice(1)
        .map((request) => request.query.get('keyword')),
    ).toEqual(['policy']);
    expect(scope.getState($total)).toBe(22);

    await allSettled(datasetsPageChanged, { scope, params: 2 });
    expect(listRequests(requests).at(-1)!.query.toString()).toBe('offset=20&limit=20&keyword=policy');
    expect(scope.getState($datasets)).toHaveLength(2);
    expect(scope.getState($page)).toBe(2);
  });

  it('creates a dataset, then the list opens on its first page with it', async () => {
    const { requests } = fakeDatasetsApi(Array.from({ length: 25 }, () => makeDataset()));
    const scope = fork();
    await allSettled(datasetsPageOpened, { scope, params: { afterCreate: false } });
    await allSettled(datasetSearchChanged, { scope, params: 'dataset' });
    await allSettled(datasetsPageChanged, { scope, params: 2 });

    await allSettled(datasetFormOpened, { scope, params: undefined });
    await allSettled(datasetFormSubmitted, {
      scope,
      params: formValues({ name: ' FAQ ', description: ' Common questions ' }),
    });
    expect(requests.find((request) => request.method === 'POST')!.body).toEqual({
      name: 'FAQ',
      description: 'Common questions',
      chunkSize: 500,
      overlap: 50,
    });
    expect(scope.getState($savedDataset)).toMatchObject({ created: true, dataset: { name: 'FAQ' } });

    await allSettled(datasetsPageOpened, { scope, params: { afterCreate: true } });
    expect(scope.getState($query)).toEqual({ offset: 0, limit: 20 });
    expect(scope.getState($searchText)).toBe('');
    expect(scope.getState($datasets)[0]!.name).toBe('FAQ');
    expect(scope.getState($total)).toBe(26);
  });

  it('keeps the server message when creating fails', async () => {
    fakeDatasetsApi([], (request) =>
      request.method === 'POST'
        ? { status: 422, body: { detail: [{ loc: ['body', 'name'], msg: 'name is too long', type: 'maxLength' }] } }
        : undefined,
    );
    const scope = fork();
    await allSettled(datasetFormSubmitted, { scope, params: formValues({ name: 'x' }) });
    expect(scope.getState($savedDataset)).toBeNull();
    expect(scope.getState($saveFailure)).toEqual({ status: 422, code: 'HTTP_422', message: 'name is too long' });
  });

  it('deletes a dataset and reloads the list', async () => {
    const doomed = makeDataset({ name: 'Old', fileCount: 2, segmentCount: 40 });
    const { requests } = fakeDatasetsApi([doomed, makeDataset({ name: 'Kept' })]);
    const scope = fork();
    await allSettled(datasetsPageOpened, { scope, params: { afterCreate: false } });
    await allSettled(datasetDeleteConfirmed, { scope, params: doomed });
    expect(
      requests.some((request) => request.method === 'DELETE' && request.path === `/v1/datasets/${doomed.id}`),
    ).toBe(true);
    expect(listRequests(requests)).toHaveLength(2);
    expect(scope.getState($datasets).map((dataset) => dataset.name)).toEqual(['Kept']);
  });

  it('shows the error state when the list fails, and recovers on retry', async () => {
    let failing = true;
    fakeDatasetsApi([makeDataset({ name: 'Manuals' })], () =>
      failing ? { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } } : undefined,
    );
    const scope = fork();
    await allSettled(datasetsPageOpened, { scope, params: { afterCreate: false } });
    expect(scope.getState($listStatus)).toBe('error');
    expect(scope.getState($loadFailure)).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });

    failing = false;
    await allSettled(datasetsRetryClicked, { scope });
    expect(scope.getState($listStatus)).toBe('ready');
    expect(scope.getState($datasets).map((dataset) => dataset.name)).toEqual(['Manuals']);
  });

  it('treats a network failure as status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    const scope = fork();
    await allSettled(datasetsPageOpened, { scope, params: { afterCreate: false } });
    expect(scope.getState($loadFailure)?.status).toBe(0);
  });
});
