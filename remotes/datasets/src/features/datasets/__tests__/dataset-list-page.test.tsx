import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatasetsApi, makeDataset } from '../../../test/fake-datasets-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('dataset list page', () => {
  it('shows the empty state with a create action when the server has no datasets', async () => {
    mockFetch(() => ({ body: { list: [], total: 0 } }));
    renderInShell(<App />, { path: '/dataset', scope: testScope('operator') });
    expect(await screen.findByText('No datasets yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /New dataset/ })).toHaveLength(2);
  });

  it('lists the datasets with description, files, segments and update time', async () => {
    fakeDatasetsApi([
      makeDataset({ name: 'Manuals', description: 'Product manuals', fileCount: 3, segmentCount: 120 }),
    ]);
    renderInShell(<App />, { path: '/dataset', scope: testScope('admin') });
    const row = (await screen.findByRole('link', { name: 'Manuals' })).closest('tr')!;
    expect(within(row).getByText('Product manuals')).toBeTruthy();
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();
    expect(within(row).getByText(/2024/)).toBeTruthy();
    expect(screen.getByText('1 dataset')).toBeTruthy();
  });

  it('shows an error with Retry when the list fails', async () => {
    let failing = true;
    fakeDatasetsApi([makeDataset({ name: 'Manuals' })], () =>
      failing ? { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } } : undefined,
    );
    renderInShell(<App />, { path: '/dataset', scope: testScope('admin') });
    expect(await screen.findByText('The datasets could not be loaded')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Manuals' })).toBeTruthy();
  });

  it('says that files and segments go too, and deletes after confirmation', async () => {
    fakeDatasetsApi([makeDataset({ name: 'Old', fileCount: 2, segmentCount: 40 }), makeDataset({ name: 'Kept' })]);
    renderInShell(<App />, { path: '/dataset', scope: testScope('admin') });
    const row = (await screen.findByRole('link', { name: 'Old' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText(/Its 2 files and 40 segments are deleted too/)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).find((button) => !row.contains(button))!);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Old' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Kept' })).toBeTruthy();
  });

  it('opens the detail page of a dataset that is clicked', async () => {
    const dataset = makeDataset({ name: 'Manuals', description: 'Product manuals', fileCount: 3, segmentCount: 0 });
    fakeDatasetsApi([dataset]);
    renderInShell(<App />, { path: '/dataset', scope: testScope('admin') });
    fireEvent.click((await screen.findByText('Product manuals')).closest('tr')!);
    expect(screen.getByTestId('location').textContent).toBe(`/dataset/${dataset.id}/detail`);
    expect(await screen.findByText('3 files')).toBeTruthy();
    expect(screen.getByText('No segments')).toBeTruthy();
    expect(screen.getByText(dataset.id)).toBeTruthy();
  });
});
