import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDatasetsApi, makeDataset } from '../../../test/fake-datasets-api';
import { $preview, chunkSettingsChanged, filesChosen, uploadPageOpened } from '../file-upload.model';
import { $qaProblem, pairsOf } from '../qa-pairs.model';

afterEach(() => {
  vi.unstubAllGlobals();
});

const previews = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/files/preview'));

describe('upload model', () => {
  it('asks for the preview once the settings rest, with the last ones only', async () => {
    const dataset = makeDataset();
    fakeDatasetsApi([dataset]);
    const scope = fork();
    await allSettled(uploadPageOpened, { scope, params: { datasetId: dataset.id, catalogueId: null } });
    const settled = allSettled(filesChosen, { scope, params: [new File(['text'], 'a.txt')] });
    for (const chunkSize of [600, 700, 800]) void allSettled(chunkSettingsChanged, { scope, params: { chunkSize } });
    await settled;
    // The preview of the last settings arrives once they rest; by then no other was asked for.
    await expect.poll(() => scope.getState($preview)?.segments[0]).toBe('a.txt 800/50 #1');
    expect(previews()).toHaveLength(1);
    expect((previews()[0]![1]!.body as FormData).get('chunkSize')).toBe('800');
  });
});

describe('QA pairs typed by hand', () => {
  it('skip empty rows and refuse half-filled ones', () => {
    const row = (question: string, answer: string, key = question) => ({ key, question, answer });
    expect(pairsOf([row('Q1', ' A1 '), row('', '', 'blank')])).toEqual({ pairs: [{ question: 'Q1', answer: 'A1' }] });
    expect(pairsOf([row('', '', 'blank')])).toEqual({ problem: { id: 'datasets.qa.error.empty' } });
    expect(pairsOf([row('Q1', 'A1'), row('Q2', '  ')])).toEqual({
      problem: { id: 'datasets.qa.error.incomplete', values: { row: 2 } },
    });
    expect(fork().getState($qaProblem)).toBeNull();
  });
});
