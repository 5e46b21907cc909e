import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatasetsApi, makeCatalogue, makeDataset, makeFile, makeSegment } from '../../../test/fake-datasets-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function seed(embeddingModel: string | null) {
  const dataset = makeDataset({ name: 'Support', embeddingModel });
  const folder = makeCatalogue(dataset.id, 'Policies');
  const policy = makeFile(dataset.id, { name: 'returns.md', catalogueId: folder.id });
  const faq = makeFile(dataset.id, { name: 'faq.txt' });
  const segments = [
    makeSegment(policy, 0, { text: 'Our return policy: 30 days.' }),
    makeSegment(faq, 0, { text: 'How to return an order online.' }),
    makeSegment(faq, 1, { text: 'Shipping takes two days.' }),
  ];
  return {
    dataset,
    folder,
    policy,
    faq,
    seed: { datasets: [dataset], catalogues: [folder], files: [policy, faq], segments },
  };
}

const searches = (requests: ReturnType<typeof fakeDatasetsApi>['requests']) =>
  requests.filter((request) => request.path === '/v1/datasets/segments');

describe('search test', () => {
  it('is a tab of the dataset page', async () => {
    const { dataset, seed: data } = seed(null);
    fakeDatasetsApi(data);
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('tab', { name: 'Search test' }));
    expect(await screen.findByRole('textbox', { name: 'Search query' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe(`/dataset/${dataset.id}/detail`);
  });

  it('offers only full-text without an embedding model, and shows the hits with score, file, folder, mode and time', async () => {
    const { dataset, policy, seed: data } = seed(null);
    const { requests } = fakeDatasetsApi(data);
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail?tab=search`, scope: testScope('operator') });
    const query = await screen.findByRole('textbox', { name: 'Search query' });
    expect((screen.getByRole('radio', { name: 'Vector' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('radio', { name: 'Hybrid' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Vector and hybrid search need an embedding model/)).toBeTruthy();

    fireEvent.change(query, { target: { value: ' return ' } });
    fireEvent.keyPress(query, { key: 'Enter', code: 'Enter', charCode: 13, keyCode: 13 });
    expect(await screen.findByTestId('search-summary')).toBeTruthy();
    expect(screen.getByTestId('search-summary').textContent).toBe('Full-text search · 12 ms · 2 hits');
    expect(searches(requests)[0]!.body).toEqual({
      datasetIds: [dataset.id],
      query: 'return',
      mode: 'fulltext',
      offset: 0,
      limit: 20,
    });

    const hits = screen.getAllByTestId('search-hit');
    expect(hits).toHaveLength(2);
    expect(within(hits[0]!).getByText('Score 0.5000')).toBeTruthy();
    expect(within(hits[0]!).getByRole('link', { name: 'returns.md' }).getAttribute('href')).toBe(
      `/dataset/${dataset.id}/file-detail/${policy.id}`,
    );
    expect(within(hits[0]!).getByText('Policies')).toBeTruthy();
    expect(within(hits[0]!).getByText('Our return policy: 30 days.')).toBeTruthy();
    expect(within(hits[1]!).getByText('Not in a folder')).toBeTruthy();
  });

  it('searches in the mode chosen when the dataset has embeddings, and says when the server used another', async () => {
    const { dataset, seed: data } = seed('text-embedding-3-small');
    let downgrade = false;
    const { requests } = fakeDatasetsApi(data, (request) =>
      downgrade && request.path === '/v1/datasets/segments'
        ? { body: { list: [], total: 0, mode: 'fulltext', tookMs: 3 } }
        : undefined,
    );
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail?tab=search`, scope: testScope('admin') });
    const query = await screen.findByRole('textbox', { name: 'Search query' });
    fireEvent.click(screen.getByRole('radio', { name: 'Hybrid' }));
    fireEvent.change(query, { target: { value: 'shipping' } });
    fireEvent.click(screen.getByRole('button', { name: /^Search$/ }));
    await waitFor(() => expect(screen.getByTestId('search-summary').textContent).toBe('Hybrid search · 12 ms · 1 hit'));
    expect((searches(requests)[0]!.body as { mode: string }).mode).toBe('hybrid');

    downgrade = true;
    fireEvent.click(screen.getByRole('radio', { name: 'Vector' }));
    fireEvent.click(screen.getByRole('button', { name: /^Search$/ }));
    expect(await screen.findByText('Vector search was not available, so Full-text search was used.')).toBeTruthy();
    expect(screen.getByText('Nothing found for “shipping”')).toBeTruthy();
    expect(screen.getByTestId('search-summary').textContent).toBe('Full-text search · 3 ms · 0 hits');
  });

  it('shows why a search failed', async () => {
    const { dataset, seed: data } = seed(null);
    fakeDatasetsApi(data, (request) =>
      request.path === '/v1/datasets/segments'
        ? { status: 500, body: { code: 'INTERNAL', message: 'Index is rebuilding' } }
        : undefined,
    );
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail?tab=search`, scope: testScope('admin') });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search query' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: /^Search$/ }));
    expect(await screen.findByText('Index is rebuilding')).toBeTruthy();
    expect(screen.getByText('The search failed')).toBeTruthy();
  });
});
