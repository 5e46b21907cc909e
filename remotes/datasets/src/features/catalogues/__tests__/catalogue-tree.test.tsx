import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatasetsApi, makeCatalogue, makeDataset } from '../../../test/fake-datasets-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const dataset = makeDataset({ id: 'd-tree', name: 'Manuals' });
const tree = () => within(screen.getByRole('region', { name: 'Folders' })).getByRole('tree');

function setup(
  catalogues = [
    makeCatalogue(dataset.id, 'Products', null, 'c-products'),
    makeCatalogue(dataset.id, 'Returns', 'c-products', 'c-returns'),
  ],
  override?: Parameters<typeof fakeDatasetsApi>[1],
) {
  const api = fakeDatasetsApi({ datasets: [dataset], catalogues }, override);
  renderInShell(<App />, { path: `/dataset/${dataset.id}/detail`, scope: testScope('admin') });
  return api;
}

async function folderAction(name: string, action: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
  return screen.findByRole('dialog');
}

describe('catalogue tree', () => {
  it('shows the folders nested under "All files" and "Not in a folder"', async () => {
    setup();
    await screen.findByText('Returns');
    const items = within(tree())
      .getAllByRole('treeitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['All files', 'Not in a folder', 'Products', 'Returns']);
  });

  it('creates a folder at the top and shows it', async () => {
    const { requests } = setup([]);
    fireEvent.click(await screen.findByRole('button', { name: /New folder/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Folder name' }), {
      target: { value: '  Warranty ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(tree()).findByText('Warranty')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST' && request.path.endsWith('/catalogues'))!.body).toEqual(
      { name: 'Warranty', parentId: null },
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('creates a subfolder from a folder’s menu', async () => {
    const { requests } = setup();
    const dialog = await folderAction('Products', 'New subfolder');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Folder name' }), {
      target: { value: 'Spare parts' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(tree()).findByText('Spare parts')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST' && request.path.endsWith('/catalogues'))!.body).toEqual(
      { name: 'Spare parts', parentId: 'c-products' },
    );
  });

  it('renames a folder', async () => {
    const { requests } = setup();
    const dialog = await folderAction('Returns', 'Rename');
    const input = within(dialog).getByRole('textbox', { name: 'Folder name' }) as HTMLInputElement;
    expect(input.value).toBe('Returns');
    fireEvent.change(input, { target: { value: 'Refunds' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(tree()).findByText('Refunds')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`/v1/datasets/${dataset.id}/catalogues/c-returns`);
    expect(put.body).toEqual({ name: 'Refunds' });
  });

  it('moves a folder to the top', async () => {
    const { requests, db } = setup();
    const dialog = await folderAction('Returns', 'Move');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'New parent folder' }));
    fireEvent.click(await screen.findByRole('option', { name: /Top level/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'PUT')!.body).toEqual({ parentId: null });
    expect(db.catalogues.find((catalogue) => catalogue.id === 'c-returns')!.parentId).toBeNull();
  });

  it('does not offer a folder’s own subfolders as its new parent, and shows the server’s 409', async () => {
    const { requests } = setup(undefined, (request) =>
      request.method === 'PUT'
        ? { status: 409, body: { code: 'CONFLICT', message: 'A catalogue cannot be moved into itself' } }
        : undefined,
    );
    const dialog = await folderAction('Products', 'Move');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'New parent folder' }));
    const own = await screen.findByRole('option', { name: /Returns/ });
    expect(own.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: /Top level/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    // The tree changed elsewhere meanwhile: the server refuses, and the dialog says why.
    expect(
      await within(dialog).findByText('A folder cannot be moved into itself or one of its subfolders.'),
    ).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
    expect(document.body.contains(dialog)).toBe(true);
  });

  it('deletes a folder after confirmation', async () => {
    const { requests } = setup();
    const dialog = await folderAction('Returns', 'Delete');
    expect(within(dialog).getByText(/its subfolders and all their files and segments are deleted/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(tree()).queryByText('Returns')).toBeNull());
    expect(
      requests.some(
        (request) => request.method === 'DELETE' && request.path === `/v1/datasets/${dataset.id}/catalogues/c-returns`,
      ),
    ).toBe(true);
  });

  it('closes a dialog with Cancel without a call', async () => {
    const { requests } = setup();
    const dialog = await folderAction('Returns', 'Delete');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
  });
});
