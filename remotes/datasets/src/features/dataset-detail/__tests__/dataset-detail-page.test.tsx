import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatasetsApi, makeCatalogue, makeDataset } from '../../../test/fake-datasets-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dataset detail page', () => {
  it('shows the fields the server holds', async () => {
    const dataset = makeDataset({ name: 'Manuals', description: 'Product manuals', fileCount: 1, segmentCount: 12 });
    fakeDatasetsApi([dataset]);
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('admin') });
    expect(await screen.findByRole('heading', { name: 'Manuals' })).toBeTruthy();
    expect(screen.getByText('Product manuals')).toBeTruthy();
    expect(screen.getByText('1 file')).toBeTruthy();
    expect(screen.getByText('12 segments')).toBeTruthy();
  });

  it('shows how files are split and which embedding model it uses', async () => {
    const dataset = makeDataset({
      name: 'Manuals',
      chunkSize: 800,
      overlap: 80,
      embeddingModel: 'text-embedding-3-small',
    });
    fakeDatasetsApi([dataset]);
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('admin') });
    expect(await screen.findByText('800 characters, overlap 80')).toBeTruthy();
    expect(screen.getByText('text-embedding-3-small')).toBeTruthy();
  });

  it('opens the upload page for the folder selected, and the edit page', async () => {
    const dataset = makeDataset({ name: 'Manuals' });
    fakeDatasetsApi({ datasets: [dataset], catalogues: [makeCatalogue(dataset.id, 'Returns', null, 'c-returns')] });
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('operator') });
    fireEvent.click(await screen.findByText('Returns'));
    fireEvent.click(screen.getAllByRole('button', { name: /Upload files/ })[0]!);
    expect(screen.getByTestId('location').textContent).toBe(`/dataset/${dataset.id}/uploadFile`);
    expect(await screen.findByRole('heading', { name: 'Add to “Manuals”' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Folder' }).textContent).toContain('Returns');
    fireEvent.click(screen.getByRole('button', { name: /Back to Manuals/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    expect(screen.getByTestId('location').textContent).toBe(`/dataset/${dataset.id}/create`);
  });

  it('says the dataset does not exist on 404, and goes back to the list', async () => {
    fakeDatasetsApi([]);
    renderInShell(<App />, { path: '/dataset/nope/detail', scope: testScope('admin') });
    expect(await screen.findByText('Dataset not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Datasets/ }));
    expect(screen.getByTestId('location').textContent).toBe('/dataset');
  });

  it('leaves paths it has no page for to the not-found fallback', async () => {
    fakeDatasetsApi([]);
    renderInShell(<App />, { path: '/dataset/d1/nothing-here', scope: testScope('admin') });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
