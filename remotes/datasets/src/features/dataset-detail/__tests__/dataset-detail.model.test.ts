import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDatasetsApi, makeDataset } from '../../../test/fake-datasets-api';
import { $dataset, $detailStatus, datasetDetailOpened, datasetDetailRetryClicked } from '../dataset-detail.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dataset detail model', () => {
  it('loads the dataset of the route', async () => {
    const dataset = makeDataset({ name: 'Manuals', fileCount: 4 });
    fakeDatasetsApi([dataset]);
    const scope = fork();
    await allSettled(datasetDetailOpened, { scope, params: dataset.id });
    expect(scope.getState($detailStatus)).toBe('ready');
    expect(scope.getState($dataset)).toEqual(dataset);
  });

  it('says not found on 404 and when the route has no id', async () => {
    const { requests } = fakeDatasetsApi([]);
    const scope = fork();
    await allSettled(datasetDetailOpened, { scope, params: 'missing' });
    expect(scope.getState($detailStatus)).toBe('not-found');
    await allSettled(datasetDetailOpened, { scope, params: undefined });
    expect(scope.getState($detailStatus)).toBe('not-found');
    expect(requests).toHaveLength(1);
  });

  it('shows an error on other failures and loads again on retry', async () => {
    const dataset = makeDataset();
    let failing = true;
    fakeDatasetsApi([dataset], () =>
      failing ? { status: 500, body: { code: 'INTERNAL', message: 'Boom' } } : undefined,
    );
    const scope = fork();
    await allSettled(datasetDetailOpened, { scope, params: dataset.id });
    expect(scope.getState($detailStatus)).toBe('error');
    failing = false;
    await allSettled(datasetDetailRetryClicked, { scope });
    expect(scope.getState($detailStatus)).toBe('ready');
  });
});
