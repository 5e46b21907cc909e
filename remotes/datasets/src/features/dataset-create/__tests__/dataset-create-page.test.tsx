import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatasetsApi, makeDataset } from '../../../test/fake-datasets-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

  it('creates the dataset and goes back to the list, which shows it', async () => {
    const { requests } = fakeDatasetsApi([makeDataset({ name: 'Existing' })]);
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('operator') });
    fireEvent.change(await screen.findByPlaceholderText('For example: Product manuals'), { target: { value: 'FAQ' } });
    fireEvent.change(screen.getByPlaceholderText('What this dataset holds (optional)'), { target: { value: 'Common questions' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('link', { name: 'FAQ' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dataset');
    expect(screen.getByRole('link', { name: 'Existing' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')!.body).toEqual({ name: 'FAQ', description: 'Common questions' });
  });

  it('starts afresh on the next visit after creating', async () => {
    fakeDatasetsApi([]);
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('admin') });
    fireEvent.change(await screen.findByPlaceholderText('For example: Product manuals'), { target: { value: 'First' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('link', { name: 'First' });
    fireEvent.click(screen.getAllByRole('button', { name: /New dataset/ })[0]!);
    expect(await screen.findByPlaceholderText('For example: Product manuals')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dataset/create');
  });

  it('stays on the form with the server message when creating fails', async () => {
    fakeDatasetsApi([], (request) => (request.method === 'POST' ? { status: 409, body: { code: 'CONFLICT', message: 'A dataset with this name exists' } } : undefined));
    renderInShell(<App />, { path: '/dataset/create', scope: testScope('admin') });
    fireEvent.change(await screen.findByPlaceholderText('For example: Product manuals'), { target: { value: 'Twin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('A dataset with this name exists')).toBeTruthy();
    expect(screen.getByText('The dataset was not created')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/dataset/create');
  });
});
