import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SEPARATORS } from '@flotilla/shared';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatasetsApi, makeDataset } from '../../../test/fake-datasets-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MODELS = [{ id: 'text-embedding-3-small', name: 'OpenAI small' }];

function addTag(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 });
}

describe('dataset create page', () => {
  it('is reached from the list', async () => {
    fakeDatasetsApi([]);
    renderInShell(<App />, { path: '/dataset', scope: testScope('admin') });
    await screen.findByText('No datasets yet');
    fireEvent.click(screen.getAllByRole('button', { name: /New dataset/ })[0]!);
    expect(screen.getByTestId('location').textContent).toBe('/dataset/create');
    expect(await screen.findByRole('heading', { name: 'New dataset' })).toBeTruthy();
  });

  it('says a name is needed when creating without one, and sends nothing', async () => {
    const { requests } = fakeDatasetsApi([]);
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a name for the dataset')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates the dataset with the default split and goes back to the list, which shows it', async () => {
    const { requests } = fakeDatasetsApi({ datasets: [makeDataset({ name: 'Existing' })], embeddingModels: MODELS });
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('operator') });
    fireEvent.change(await screen.findByPlaceholderText('For example: Product manuals'), { target: { value: 'FAQ' } });
    fireEvent.change(screen.getByPlaceholderText('What this dataset holds (optional)'), {
      target: { value: 'Common questions' },
    });
    // Empty separators stand for the defaults, shown as the placeholder.
    expect(screen.getByPlaceholderText(/^Defaults: \\n\\n\s+\\n\s+。/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('link', { name: 'FAQ' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dataset');
    expect(screen.getByRole('link', { name: 'Existing' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')!.body).toEqual({
      name: 'FAQ',
      description: 'Common questions',
      chunkSize: 500,
      overlap: 50,
    });
  });

  it('sends the chunk settings, separators written with escapes and the embedding model chosen', async () => {
    const { requests } = fakeDatasetsApi({ embeddingModels: MODELS });
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('admin') });
    fireEvent.change(await screen.findByPlaceholderText('For example: Product manuals'), {
      target: { value: 'Manuals' },
    });
    fireEvent.change(screen.getByLabelText('Chunk size'), { target: { value: '800' } });
    fireEvent.change(screen.getByLabelText('Overlap'), { target: { value: '80' } });
    const separators = screen.getByPlaceholderText(/^Defaults:/);
    addTag(separators, '\\n\\n');
    addTag(separators, '。');
    fireEvent.click(screen.getByRole('combobox', { name: 'Embedding model' }));
    fireEvent.click(await screen.findByRole('option', { name: /OpenAI small/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')!.body).toEqual({
      name: 'Manuals',
      chunkSize: 800,
      overlap: 80,
      separators: ['\n\n', '。'],
      embeddingModel: 'text-embedding-3-small',
    });
  });

  it('refuses an overlap as large as the chunk size', async () => {
    const { requests } = fakeDatasetsApi([]);
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('admin') });
    fireEvent.change(await screen.findByPlaceholderText('For example: Product manuals'), {
      target: { value: 'Manuals' },
    });
    fireEvent.change(screen.getByLabelText('Chunk size'), { target: { value: '300' } });
    fireEvent.change(screen.getByLabelText('Overlap'), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The overlap must be smaller than the chunk size')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says the dataset uses full-text search only when the server has no embedding model', async () => {
    fakeDatasetsApi({ embeddingModels: [] });
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('admin') });
    expect(
      await screen.findByText(
        /No embedding model is configured on the server: this dataset uses full-text search only/,
      ),
    ).toBeTruthy();
  });

  it('starts afresh on the next visit after creating', async () => {
    fakeDatasetsApi([]);
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('admin') });
    fireEvent.change(await screen.findByPlaceholderText('For example: Product manuals'), {
      target: { value: 'First' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('link', { name: 'First' });
    fireEvent.click(screen.getAllByRole('button', { name: /New dataset/ })[0]!);
    expect(((await screen.findByPlaceholderText('For example: Product manuals')) as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('location').textContent).toBe('/dataset/create');
  });

  it('stays on the form with the server message when creating fails', async () => {
    fakeDatasetsApi([], (request) =>
      request.method === 'POST'
        ? { status: 409, body: { code: 'CONFLICT', message: 'A dataset with this name exists' } }
        : undefined,
    );
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('admin') });
    fireEvent.change(await screen.findByPlaceholderText('For example: Product manuals'), { target: { value: 'Twin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A dataset with this name exists')).toBeTruthy();
    expect(screen.getByText('The dataset was not created')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dataset/create');
  });
});

describe('dataset edit page', () => {
  it('is reached from the list and shows the dataset’s values', async () => {
    const dataset = makeDataset({
      name: 'Manuals',
      description: 'Product manuals',
      chunkSize: 900,
      overlap: 90,
      separators: ['\n', '。'],
    });
    fakeDatasetsApi({ datasets: [dataset], embeddingModels: MODELS });
    renderInShell(<App />, { path: '/dataset', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Manuals' }));
    expect(screen.getByTestId('location').textContent).toBe(`/dataset/${dataset.id}/create`);
    expect(await screen.findByRole('heading', { name: 'Edit “Manuals”' })).toBeTruthy();
    expect((screen.getByPlaceholderText('For example: Product manuals') as HTMLInputElement).value).toBe('Manuals');
    expect((screen.getByLabelText('Chunk size') as HTMLInputElement).value).toBe('900');
    expect((screen.getByLabelText('Overlap') as HTMLInputElement).value).toBe('90');
    // Separators show with escapes.
    expect(screen.getByText('\\n')).toBeTruthy();
    expect(screen.getByText('。')).toBeTruthy();
  });

  it('saves every field with PUT and opens the dataset', async () => {
    const dataset = makeDataset({ name: 'Manuals', description: 'Old', embeddingModel: 'text-embedding-3-small' });
    const { requests } = fakeDatasetsApi({ datasets: [dataset], embeddingModels: MODELS });
    renderInShell(<App />, { path: `/dataset/${dataset.id}/create`, scope: testScope('admin') });
    const name = await screen.findByPlaceholderText('For example: Product manuals');
    fireEvent.change(name, { target: { value: 'Handbooks' } });
    fireEvent.change(screen.getByPlaceholderText('What this dataset holds (optional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/dataset/${dataset.id}/detail`));
    expect(requests.find((request) => request.method === 'PUT')!.body).toEqual({
      name: 'Handbooks',
      description: '',
      chunkSize: 500,
      overlap: 50,
      separators: DEFAULT_SEPARATORS,
      embeddingModel: 'text-embedding-3-small',
    });
    expect(await screen.findByRole('heading', { name: 'Handbooks' })).toBeTruthy();
  });

  it('says the dataset does not exist on 404', async () => {
    fakeDatasetsApi([]);
    renderInShell(<App />, { path: '/dataset/nope/create', scope: testScope('admin') });
    expect(await screen.findByText('Dataset not found')).toBeTruthy();
  });
});
