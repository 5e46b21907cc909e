import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LIMITS, DEFAULT_SEPARATORS } from '@flotilla/shared';
import App from '../../../expose/App';
import { renderInShell } from '@flotilla/shared/test';
import { fakeDatasetsApi, makeCatalogue, makeDataset } from '../../../test/fake-datasets-api';
import { handler, manualWaits, scopeWith, TEST_TOKEN } from '../../../test/manual-waits';
import { previewDelayFx, uploadPolling } from '../file-upload.model';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const dataset = makeDataset({ id: 'd-up', name: 'Manuals', chunkSize: 500, overlap: 50 });
const folder = makeCatalogue(dataset.id, 'Returns', null, 'c-returns');

function file(name: string, size = 64, type = 'text/plain') {
  const made = new File(['x'.repeat(Math.min(size, 64))], name, { type });
  if (size > 64) Object.defineProperty(made, 'size', { value: size });
  return made;
}

function setup(path = `/dataset/${dataset.id}/uploadFile`) {
  const api = fakeDatasetsApi({ datasets: [dataset], catalogues: [folder] });
  const waits = manualWaits();
  renderInShell(<App />, {
    path,
    scope: scopeWith('admin', [
      handler(uploadPolling.waitFx, waits.handler),
      // The preview's pause is the test's: asked at once.
      handler(previewDelayFx, (ask: number) => Promise.resolve(ask)),
    ]),
  });
  return { ...api, waits };
}

const choose = async (files: File[]) =>
  fireEvent.change(await screen.findByLabelText('Choose files to upload'), { target: { files } });
const items = () => screen.getAllByTestId('upload-item');
const item = (name: string) => items().find((row) => row.textContent?.includes(name))!;
const previewCalls = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/files/preview'));

describe('upload page: documents', () => {
  it('refuses a file that is too large or of a type it does not take, before sending anything', async () => {
    const { xhr } = setup();
    await choose([
      file('guide.txt'),
      file('huge.pdf', CHUNK_LIMITS.maxFileBytes + 1024 * 1024, 'application/pdf'),
      file('setup.exe', 64, 'application/octet-stream'),
    ]);
    expect(within(item('huge.pdf')).getByRole('alert').textContent).toBe('Too large: 51 MB, the limit is 50 MB.');
    expect(within(item('setup.exe')).getByRole('alert').textContent).toBe(
      'Not accepted: only txt, md, html, pdf, docx, csv, xlsx files can be added.',
    );
    expect(screen.getByRole('button', { name: /Upload 1 file/ })).toBeTruthy();
    fireEvent.click(within(item('setup.exe')).getByRole('button', { name: 'Remove setup.exe' }));
    expect(items()).toHaveLength(2);
    fireEvent.drop(screen.getByRole('button', { name: /Drop files here/ }), {
      dataTransfer: { files: [file('empty.md', 0)] },
    });
    expect(within(item('empty.md')).getByRole('alert').textContent).toBe('The file is empty.');
    expect(xhr.uploads).toHaveLength(0);
  });

  it('previews the split of the chosen file with the settings on screen', async () => {
    setup();
    await choose([file('guide.txt')]);
    expect(await screen.findByText('guide.txt 500/50 #1')).toBeTruthy();
    expect(screen.getByTestId('preview-summary').textContent).toBe(
      '20 segments from 10000 characters; the first 2 below.',
    );

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Chunk size' }), { target: { value: '1000' } });
    expect(await screen.findByText('guide.txt 1000/50 #1')).toBeTruthy();
    expect(screen.getByTestId('preview-summary').textContent).toBe(
      '10 segments from 10000 characters; the first 2 below.',
    );
    const sent = previewCalls().at(-1)![1]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('guide.txt');
    expect(sent.get('chunkSize')).toBe('1000');
    expect(sent.get('overlap')).toBe('50');
    expect(JSON.parse(sent.get('separators') as string)).toEqual(DEFAULT_SEPARATORS);

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Overlap' }), { target: { value: '1000' } });
    expect(await screen.findByText('The overlap must be smaller than the chunk size')).toBeTruthy();
    expect(screen.getByText('Correct the settings to see the preview.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Upload 1 file/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('uploads the files one by one with progress, then shows their parse status as it changes', async () => {
    const { xhr, waits, db } = setup(`/dataset/${dataset.id}/uploadFile?catalogueId=${folder.id}`);
    xhr.hold();
    await choose([file('a.txt'), file('b.md')]);
    fireEvent.click(screen.getByRole('button', { name: /Upload 2 files/ }));

    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    const first = xhr.uploads[0]!;
    expect(first.path).toBe(`/v1/datasets/${dataset.id}/files`);
    expect(first.headers).toMatchObject({ Authorization: `Bearer ${TEST_TOKEN}`, 'Accept-Language': 'en-US' });
    expect((first.form.get('file') as File).name).toBe('a.txt');
    expect(first.form.get('catalogueId')).toBe(folder.id);
    expect(first.form.get('chunkSize')).toBe('500');
    expect(first.form.get('overlap')).toBe('50');
    expect(JSON.parse(first.form.get('separators') as string)).toEqual(DEFAULT_SEPARATORS);
    expect(within(item('b.md')).getByText('Waiting')).toBeTruthy();

    act(() => first.progress(0.4));
    expect(screen.getByRole('progressbar', { name: 'Upload of a.txt' }).getAttribute('aria-valuenow')).toBe('40');
    act(() => first.respond());
    expect(await within(item('a.txt')).findByText('Queued')).toBeTruthy();

    await waitFor(() => expect(xhr.uploads).toHaveLength(2));
    act(() => xhr.uploads[1]!.respond());
    expect(await within(item('b.md')).findByText('Queued')).toBeTruthy();
    await waitFor(() => expect(waits.waiting).toBe(1));

    for (const row of db.files) Object.assign(row, { status: 'done', segmentCount: 7 });
    act(() => waits.tick());
    await waitFor(() => expect(within(item('a.txt')).getByText('Done')).toBeTruthy());
    expect(within(item('b.md')).getByText('7 segments')).toBeTruthy();
    expect(within(item('a.txt')).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe(
      `/dataset/${dataset.id}/file-detail/${db.files.find((row) => row.name === 'a.txt')!.id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(waits.waiting).toBe(0);
  });

  it('shows the reason the server refused a file, and uploads it again on Retry', async () => {
    const { xhr } = setup();
    xhr.hold();
    await choose([file('report.pdf', 64, 'application/pdf')]);
    fireEvent.click(screen.getByRole('button', { name: /Upload 1 file/ }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(1));
    act(() =>
      xhr.uploads[0]!.respond({
        status: 422,
        body: { detail: [{ loc: ['body', 'file'], msg: 'The content is not a PDF', type: 'file' }] },
      }),
    );
    expect(await within(item('report.pdf')).findByText('Upload failed: The content is not a PDF')).toBeTruthy();
    fireEvent.click(within(item('report.pdf')).getByRole('button', { name: 'Upload report.pdf again' }));
    await waitFor(() => expect(xhr.uploads).toHaveLength(2));
    act(() => xhr.uploads[1]!.respond());
    expect(await within(item('report.pdf')).findByText('Queued')).toBeTruthy();
  });
});

describe('upload page: QA pairs', () => {
  it('imports a sheet at once, refusing other types', async () => {
    const { xhr } = setup(`/dataset/${dataset.id}/uploadFile?tab=qa`);
    const input = await screen.findByLabelText('Choose a sheet of QA pairs');
    fireEvent.change(input, { target: { files: [file('pairs.txt')] } });
    expect(within(item('pairs.txt')).getByRole('alert').textContent).toBe(
      'Not accepted: only csv, xlsx files can be added.',
    );
    fireEvent.change(input, { target: { files: [file('pairs.csv', 64, 'text/csv')] } });
    expect(await within(item('pairs.csv')).findByText('Queued')).toBeTruthy();
    expect(xhr.uploads).toHaveLength(1);
    expect(xhr.uploads[0]!.path).toBe(`/v1/datasets/${dataset.id}/qa/import`);
    expect((xhr.uploads[0]!.form.get('file') as File).name).toBe('pairs.csv');
  });

  it('saves pairs typed by hand, refusing a row with a question and no answer', async () => {
    const { requests } = setup(`/dataset/${dataset.id}/uploadFile`);
    fireEvent.click(await screen.findByRole('tab', { name: 'QA pairs' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Question 1' }), {
      target: { value: 'How long is delivery?' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Answer 1' }), { target: { value: 'Two days.' } });
    fireEvent.click(screen.getByRole('button', { name: /Add a row/ }));
    fireEvent.click(screen.getByRole('button', { name: /Add a row/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Question 2' }), { target: { value: 'Do you ship abroad?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pairs' }));
    expect(await screen.findByText('Row 2 needs both a question and an answer.')).toBeTruthy();
    expect(requests.some((request) => request.path.endsWith('/qa'))).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: 'Answer 2' }), { target: { value: 'Yes, to the EU.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save pairs' }));
    expect(await screen.findByText('2 pairs added')).toBeTruthy();
    expect(requests.find((request) => request.path === `/v1/datasets/${dataset.id}/qa`)!.body).toEqual({
      pairs: [
        { question: 'How long is delivery?', answer: 'Two days.' },
        { question: 'Do you ship abroad?', answer: 'Yes, to the EU.' },
      ],
    });
    // The table starts afresh with one empty row.
    expect((screen.getByRole('textbox', { name: 'Question 1' }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('textbox', { name: 'Question 2' })).toBeNull();
  });
});
