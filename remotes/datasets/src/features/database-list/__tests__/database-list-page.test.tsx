import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatabasesApi, makeDatabase } from '../../../test/fake-databases-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const posts = (requests: { method: string; path: string; body: unknown }[], path: string) =>
  requests.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

describe('database list page', () => {
  it('lists the databases and creates a built-in one', async () => {
    const { requests } = fakeDatabasesApi({
      databases: [
        makeDatabase({ name: 'Orders', kind: 'postgres', host: 'pg.internal', port: 5433, database: 'shop' }),
      ],
    });
    renderInShell(<App />, { path: '/database', scope: testScope('operator') });
    const row = (await screen.findByRole('link', { name: 'Orders' })).closest('tr')!;
    expect(within(row).getByText('PostgreSQL')).toBeTruthy();
    expect(within(row).getByText('pg.internal:5433/shop')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /New database/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Products ' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Price list' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByRole('link', { name: 'Products' })).toBeTruthy();
    expect(posts(requests, '/v1/databases')).toEqual([
      { name: 'Products', kind: 'builtin', description: 'Price list' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers PostgreSQL and MySQL to admins only', async () => {
    fakeDatabasesApi();
    renderInShell(<App />, { path: '/database', scope: testScope('operator') });
    fireEvent.click((await screen.findAllByRole('button', { name: /New database/ }))[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Built-in' })).toBeTruthy();
    expect(within(dialog).queryByRole('radio', { name: 'PostgreSQL' })).toBeNull();
    expect(within(dialog).queryByRole('radio', { name: 'MySQL' })).toBeNull();
    expect(within(dialog).getByText('Only administrators connect PostgreSQL and MySQL databases.')).toBeTruthy();
    cleanup();

    fakeDatabasesApi();
    renderInShell(<App />, { path: '/database', scope: testScope('admin') });
    fireEvent.click((await screen.findAllByRole('button', { name: /New database/ }))[0]!);
    const adminDialog = await screen.findByRole('dialog');
    fireEvent.click(within(adminDialog).getByRole('radio', { name: 'MySQL' }));
    expect((within(adminDialog).getByLabelText('Port') as HTMLInputElement).value).toBe('3306');
    fireEvent.click(within(adminDialog).getByRole('radio', { name: 'PostgreSQL' }));
    expect((within(adminDialog).getByLabelText('Port') as HTMLInputElement).value).toBe('5432');
  });

  it('tests a connection and says why the database did not answer', async () => {
    const { requests } = fakeDatabasesApi({ test: { ok: false, error: 'AUTH_FAILED' } });
    renderInShell(<App />, { path: '/database', scope: testScope('admin') });
    fireEvent.click((await screen.findAllByRole('button', { name: /New database/ }))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Shop' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'PostgreSQL' }));
    fireEvent.change(within(dialog).getByLabelText('Host'), { target: { value: 'pg.internal' } });
    fireEvent.change(within(dialog).getByLabelText('Database'), { target: { value: 'shop' } });
    fireEvent.change(within(dialog).getByLabelText('User'), { target: { value: 'reader' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Test connection' }));

    expect(await within(dialog).findByText('The user or password was refused.')).toBeTruthy();
    expect(posts(requests, '/v1/databases/test')).toEqual([
      {
        name: 'Shop',
        kind: 'postgres',
        description: '',
        host: 'pg.internal',
        port: 5432,
        database: 'shop',
        user: 'reader',
        password: 'wrong',
      },
    ]);
  });

  it('edits an external database without sending the password left empty', async () => {
    const saved = makeDatabase({ name: 'Shop', kind: 'mysql', hasPassword: true });
    const { requests } = fakeDatabasesApi({ databases: [saved] });
    renderInShell(<App />, { path: '/database', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Shop' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('A password is stored; it is never shown.')).toBeTruthy();
    expect(within(dialog).getByPlaceholderText('Leave empty to keep the stored password')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Host'), { target: { value: 'mysql.internal' } });
    expect(within(dialog).getByText(/The host or port changed: type the password again/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const body = requests.find((request) => request.method === 'PUT')!.body;
    expect(body).toEqual({
      name: 'Shop',
      description: '',
      host: 'mysql.internal',
      port: 3306,
      database: 'shop',
      user: 'reader',
    });
  });

  it('leaves external databases to admins: operators change only built-in ones', async () => {
    fakeDatabasesApi({
      databases: [makeDatabase({ name: 'Shop', kind: 'postgres' }), makeDatabase({ name: 'Prices' })],
    });
    renderInShell(<App />, { path: '/database', scope: testScope('operator') });
    expect(await screen.findByRole('button', { name: 'Edit Prices' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Prices' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Shop' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Shop' })).toBeNull();
  });

  it('deletes a database after confirmation', async () => {
    fakeDatabasesApi({ databases: [makeDatabase({ name: 'Old' }), makeDatabase({ name: 'Kept' })] });
    renderInShell(<App />, { path: '/database', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Old' }));
    expect(await screen.findByText(/Its tables and rows are deleted/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Old' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Kept' })).toBeTruthy();
  });
});
