import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatasetsApi, makeCatalogue, makeDataset, makeFile } from '../../../test/fake-datasets-api';
import { handler, manualWaits, scopeWith } from '../../../test/manual-waits';
import { fileListPolling } from '../dataset-files.model';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const dataset = makeDataset({ id: 'd-files', name: 'Manuals' });
const fileQueries = (requests: ReturnType<typeof fakeDatasetsApi>['requests']) =>
  requests
    .filter((request) => request.method === 'GET' && request.path === `/v1/datasets/${dataset.id}/files`)
    .map((request) => request.query.toString());

describe('file list of a dataset', () => {
  it('shows name, type, size, status, segments and update time; a failed file says why on hover', async () => {
    fakeDatasetsApi({
      datasets: [dataset],
      files: [
        makeFile(dataset.id, { name: 'guide.pdf', type: 'pdf', size: 1536 * 1024, segmentCount: 42 }),
        makeFile(dataset.id, { name: 'broken.docx', type: 'docx', status: 'failed', error: 'The file is encrypted' }),
      ],
    });
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('admin') });
    const row = (await screen.findByRole('link', { name: 'guide.pdf' })).closest('tr')!;
    expect(within(row).getByText('PDF')).toBeTruthy();
    expect(within(row).getByText('1.5 MB')).toBeTruthy();
    expect(within(row).getByText('Done')).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText(/2024/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'guide.pdf' }).getAttribute('href')).toMatch(
      /^\/dataset\/d-files\/file-detail\/f\d+$/,
    );
    const failed = screen.getByLabelText('Failed: The file is encrypted');
    fireEvent.mouseEnter(failed);
    expect(await screen.findByText('The file is encrypted')).toBeTruthy();
    expect(screen.getByText('2 files')).toBeTruthy();
  });

  it('sends the folder, the search and the status to the server', async () => {
    const folder = makeCatalogue(dataset.id, 'Returns', null, 'c-returns');
    const { requests } = fakeDatasetsApi({
      datasets: [dataset],
      catalogues: [folder],
      files: [
        makeFile(dataset.id, { name: 'policy.md', type: 'md', catalogueId: folder.id }),
        makeFile(dataset.id, { name: 'loose.txt' }),
      ],
    });
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('operator') });
    await screen.findByRole('link', { name: 'loose.txt' });
    expect(fileQueries(requests)).toEqual(['offset=0&limit=20']);

    fireEvent.click(screen.getByText('Returns'));
    await waitFor(() => expect(fileQueries(requests).at(-1)).toBe('offset=0&limit=20&catalogueId=c-returns'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'loose.txt' })).toBeNull());
    expect(screen.getByRole('link', { name: 'policy.md' })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search files by name' }), { target: { value: 'policy' } });
    await waitFor(() =>
      expect(fileQueries(requests).at(-1)).toBe('offset=0&limit=20&catalogueId=c-returns&keyword=policy'),
    );

    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    fireEvent.click(await screen.findByRole('option', { name: /Failed/ }));
    await waitFor(() =>
      expect(fileQueries(requests).at(-1)).toBe('offset=0&limit=20&catalogueId=c-returns&keyword=policy&status=failed'),
    );
    expect(await screen.findByText('No file matches')).toBeTruthy();

    fireEvent.click(screen.getByText('Not in a folder'));
    await waitFor(() =>
      expect(fileQueries(requests).at(-1)).toBe('offset=0&limit=20&keyword=policy&status=failed&catalogueId=root'),
    );
  });

  it('deletes the ticked files together after confirmation', async () => {
    const files = ['a.txt', 'b.txt', 'c.txt'].map((name) => makeFile(dataset.id, { name }));
    const { requests, db } = fakeDatasetsApi({ datasets: [dataset], files });
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('admin') });
    await screen.findByRole('link', { name: 'a.txt' });
    expect((screen.getByRole('button', { name: /Delete/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select a.txt' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select c.txt' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete 2 selected/ }));
    expect(await screen.findByText('Delete 2 files?')).toBeTruthy();
    expect(screen.getByText(/Their segments are deleted too/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'a.txt' })).toBeNull());
    expect(requests.find((request) => request.path === `/v1/datasets/${dataset.id}/files/delete`)!.body).toEqual({
      fileIds: [files[0]!.id, files[2]!.id],
    });
    expect(screen.getByRole('link', { name: 'b.txt' })).toBeTruthy();
    expect(db.files.map((file) => file.name)).toEqual(['b.txt']);
  });

  it('queues a file for re-indexing, then follows it every 2 s until it is done, and stops', async () => {
    const file = makeFile(dataset.id, { name: 'guide.txt', segmentCount: 3 });
    const { requests, db } = fakeDatasetsApi({ datasets: [dataset], files: [file] });
    const waits = manualWaits();
    renderInShell(<App />, {
      path: `/dataset/${dataset.id}/detail`,
      scope: scopeWith('admin', [handler(fileListPolling.waitFx, waits.handler)]),
    });
    await screen.findByRole('link', { name: 'guide.txt' });
    expect(waits.waiting).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Re-index guide.txt' }));
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(
      requests.some(
        (request) =>
          request.method === 'POST' && request.path === `/v1/datasets/${dataset.id}/files/${file.id}/reindex`,
      ),
    ).toBe(true);
    await waitFor(() => expect(waits.waiting).toBe(1));

    db.files[0] = { ...db.files[0]!, status: 'parsing' };
    const before = fileQueries(requests).length;
    act(() => waits.tick());
    expect(await screen.findByText('Parsing')).toBeTruthy();
    expect(fileQueries(requests).length).toBe(before + 1);
    await waitFor(() => expect(waits.waiting).toBe(1));

    db.files[0] = { ...db.files[0]!, status: 'done', segmentCount: 5 };
    act(() => waits.tick());
    expect(await screen.findByText('Done')).toBeTruthy();
    expect(screen.getByText('5')).toBeTruthy();
    // Nothing moves any more: no further wait, no further request.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waits.waiting).toBe(0);
    expect(fileQueries(requests).length).toBe(before + 2);
  });

  it('stops asking when the page is left', async () => {
    const { requests } = fakeDatasetsApi({
      datasets: [dataset],
      files: [makeFile(dataset.id, { name: 'new.txt', status: 'queued' })],
    });
    const waits = manualWaits();
    const view = renderInShell(<App />, {
      path: `/dataset/${dataset.id}/detail`,
      scope: scopeWith('admin', [handler(fileListPolling.waitFx, waits.handler)]),
    });
    await screen.findByText('Queued');
    await waitFor(() => expect(waits.waiting).toBe(1));
    const before = fileQueries(requests).length;
    view.unmount();
    act(() => waits.tick());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fileQueries(requests).length).toBe(before);
  });

  it('says why a re-index was refused', async () => {
    fakeDatasetsApi({ datasets: [dataset], files: [makeFile(dataset.id, { name: 'busy.txt' })] }, (request) =>
      request.path.endsWith('/reindex')
        ? { status: 409, body: { code: 'CONFLICT', message: 'Another job works on this file' } }
        : undefined,
    );
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Re-index busy.txt' }));
    expect(await screen.findByText('Another job works on this file')).toBeTruthy();
    expect(screen.getByText('The change was not made')).toBeTruthy();
  });

  it('shows an error with Retry when the files cannot be loaded', async () => {
    let failing = true;
    fakeDatasetsApi({ datasets: [dataset], files: [makeFile(dataset.id, { name: 'x.txt' })] }, (request) =>
      failing && request.path.endsWith('/files')
        ? { status: 500, body: { code: 'INTERNAL', message: 'Database is down' } }
        : undefined,
    );
    renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('admin') });
    expect(await screen.findByText('The files could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'x.txt' })).toBeTruthy();
  });
});
