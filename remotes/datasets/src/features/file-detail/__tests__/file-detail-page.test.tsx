import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatasetsApi, makeDataset, makeFile, makeSegment } from '../../../test/fake-datasets-api';
import { handler, manualWaits, scopeWith } from '../../../test/manual-waits';
import { fileDetailPolling } from '../file-detail.model';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const dataset = makeDataset({ id: 'd-fd', name: 'Manuals' });

function setup(
  filePatch: Parameters<typeof makeFile>[1] = {},
  count = 3,
  override?: Parameters<typeof fakeDatasetsApi>[1],
) {
  const file = makeFile(dataset.id, { name: 'guide.txt', segmentCount: count, ...filePatch });
  const segments = Array.from({ length: count }, (_, index) =>
    makeSegment(file, index, { text: `Passage ${index + 1}` }),
  );
  const api = fakeDatasetsApi({ datasets: [dataset], files: [file], segments }, override);
  return { ...api, file, segments, path: `/dataset/${dataset.id}/file-detail/${file.id}` };
}

const cards = () => screen.getAllByTestId('segment');
const segmentCalls = (requests: ReturnType<typeof fakeDatasetsApi>['requests']) =>
  requests.filter((request) => request.path === '/v1/datasets/segments');

describe('file detail page', () => {
  it('shows the file and its segments in order', async () => {
    const { path, file, requests } = setup({ type: 'txt', size: 4096 });
    renderInShell(<App />, { path, scope: testScope('admin') });
    expect(await screen.findByRole('heading', { name: 'guide.txt' })).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards().map((card) => within(card).getByText(/^Passage/).textContent)).toEqual([
      'Passage 1',
      'Passage 2',
      'Passage 3',
    ]);
    expect(within(cards()[0]!).getByText('#1')).toBeTruthy();
    expect(screen.getByText('4 KB')).toBeTruthy();
    expect(screen.getByText('3 segments')).toBeTruthy();
    expect(segmentCalls(requests)[0]!.body).toEqual({ fileId: file.id, offset: 0, limit: 20 });
    expect(await screen.findByRole('button', { name: /Back to Manuals/ })).toBeTruthy();
  });

  it('shows why parsing failed, and tries again by re-indexing', async () => {
    const { path, file, requests } = setup({ status: 'failed', error: 'The PDF is encrypted' }, 0);
    renderInShell(<App />, { path, scope: testScope('admin') });
    expect(await screen.findByText('Parsing failed')).toBeTruthy();
    expect(screen.getByText('The PDF is encrypted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('This file waits to be parsed; the page updates by itself.')).toBeTruthy();
    expect(
      requests.some(
        (request) =>
          request.method === 'POST' && request.path === `/v1/datasets/${dataset.id}/files/${file.id}/reindex`,
      ),
    ).toBe(true);
    expect(screen.queryByText('The PDF is encrypted')).toBeNull();
  });

  it('edits the text of a segment', async () => {
    const { path, segments, requests } = setup();
    renderInShell(<App />, { path, scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit segment 2' }));
    const dialog = await screen.findByRole('dialog');
    const text = within(dialog).getByRole('textbox', { name: 'Segment text' }) as HTMLTextAreaElement;
    expect(text.value).toBe('Passage 2');
    fireEvent.change(text, { target: { value: 'Passage two, corrected' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passage two, corrected')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`/v1/datasets/segments/${segments[1]!.id}`);
    expect(put.body).toEqual({ text: 'Passage two, corrected' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits the question and answer of a QA pair', async () => {
    const file = makeFile(dataset.id, { name: 'faq', type: 'qa', segmentCount: 1 });
    const pair = makeSegment(file, 0, { text: 'Q A', question: 'How long is delivery?', answer: 'Two days.' });
    const { requests } = fakeDatasetsApi({ datasets: [dataset], files: [file], segments: [pair] });
    renderInShell(<App />, { path: `/dataset/${dataset.id}/file-detail/${file.id}`, scope: testScope('admin') });
    expect(await screen.findByText('Q: How long is delivery?')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add segment/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit segment 1' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Answer' }), {
      target: { value: 'Two working days.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A: Two working days.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')!.body).toEqual({
      question: 'How long is delivery?',
      answer: 'Two working days.',
    });
  });

  it('disables and enables a segment', async () => {
    const { path, segments, requests } = setup();
    renderInShell(<App />, { path, scope: testScope('admin') });
    const toggle = await screen.findByRole('switch', { name: 'Segment 1 enabled' });
    fireEvent.click(toggle);
    await waitFor(() => expect(within(cards()[0]!).getByText('Disabled')).toBeTruthy());
    expect(
      requests.filter((request) => request.method === 'PUT').map((request) => [request.path, request.body]),
    ).toEqual([[`/v1/datasets/segments/${segments[0]!.id}`, { enabled: false }]]);
    fireEvent.click(screen.getByRole('switch', { name: 'Segment 1 enabled' }));
    await waitFor(() => expect(within(cards()[0]!).queryByText('Disabled')).toBeNull());
    expect(requests.filter((request) => request.method === 'PUT').at(-1)!.body).toEqual({ enabled: true });
  });

  it('deletes a segment after confirmation', async () => {
    const { path, segments, requests } = setup();
    renderInShell(<App />, { path, scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete segment 2' }));
    expect(await screen.findByText('Delete segment 2?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Passage 2')).toBeNull());
    expect(
      requests.some(
        (request) => request.method === 'DELETE' && request.path === `/v1/datasets/segments/${segments[1]!.id}`,
      ),
    ).toBe(true);
    expect(cards()).toHaveLength(2);
  });

  it('adds a segment at the end of the file', async () => {
    const { path, file, requests } = setup();
    renderInShell(<App />, { path, scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: /Add segment/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Segment text' }), {
      target: { value: 'Opening hours: 9 to 5.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Opening hours: 9 to 5.')).toBeTruthy();
    expect(
      requests.find(
        (request) =>
          request.method === 'POST' && request.path.endsWith('/segments') && request.path.includes('/files/'),
      )!.body,
    ).toEqual({
      text: 'Opening hours: 9 to 5.',
    });
    expect(requests.find((request) => request.method === 'POST' && request.path.includes('/files/'))!.path).toBe(
      `/v1/datasets/${dataset.id}/files/${file.id}/segments`,
    );
    expect(cards()).toHaveLength(4);
  });

  it('re-indexes after confirmation and shows the new segments once parsing is done', async () => {
    const { path, db, file } = setup();
    const waits = manualWaits();
    renderInShell(<App />, { path, scope: scopeWith('admin', [handler(fileDetailPolling.waitFx, waits.handler)]) });
    await screen.findByText('Passage 1');
    fireEvent.click(screen.getByRole('button', { name: /Re-index$/ }));
    expect(await screen.findByText(/It is parsed and split again/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Re-index' }));
    expect(await screen.findByText('This file waits to be parsed; the page updates by itself.')).toBeTruthy();
    await waitFor(() => expect(waits.waiting).toBe(1));

    Object.assign(db.files[0]!, { status: 'done', segmentCount: 1 });
    db.segments = [makeSegment(file, 0, { text: 'Fresh passage' })];
    act(() => waits.tick());
    expect(await screen.findByText('Fresh passage')).toBeTruthy();
    expect(screen.queryByText('Passage 1')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waits.waiting).toBe(0);
  });

  it('says the file does not exist on 404', async () => {
    fakeDatasetsApi({ datasets: [dataset] });
    renderInShell(<App />, { path: `/dataset/${dataset.id}/file-detail/missing`, scope: testScope('admin') });
    expect(await screen.findByText('File not found')).toBeTruthy();
  });
});
