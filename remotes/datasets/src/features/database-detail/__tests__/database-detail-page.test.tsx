import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROW_ID_FIELD, type DatabaseRow } from '@flotilla/shared';
import { Refusal, renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeDatabasesApi, makeDatabase, makeQuery, makeTable } from '../../../test/fake-databases-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detailPath = (id: string, tab?: string) => `/database/${id}/detail${tab ? `?tab=${tab}` : ''}`;

describe('database detail page', () => {
  it('shows the name and kind, marks gone tables, and saves a table’s descriptions and keys', async () => {
    const database = makeDatabase({ name: 'Shop', kind: 'postgres' });
    const { requests } = fakeDatabasesApi({
      databases: [database],
      tables: {
        [database.id]: [
          makeTable('orders', ['id', 'status'], { description: 'Orders' }),
          makeTable('old_orders', ['id'], { gone: true }),
        ],
      },
    });
    renderInShell(<App />, { path: detailPath(database.id), scope: testScope('operator') });
    expect(await screen.findByRole('heading', { name: /Shop/ })).toBeTruthy();
    expect(screen.getByText('PostgreSQL')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Databases/ })).toBeTruthy();
    const gone = await screen.findByRole('button', { name: /old_orders/ });
    expect(within(gone).getByText('No longer in the database')).toBeTruthy();
    expect(screen.getByRole('button', { name: /^orders/ }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(screen.getByLabelText('Table description'), { target: { value: 'Orders of the shop' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Key: status' }));
    fireEvent.change(screen.getByLabelText('Description of status'), { target: { value: 'paid, sent or returned' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save table' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`/v1/databases/${database.id}/tables/orders`);
    expect(put.body).toEqual({
      description: 'Orders of the shop',
      columns: [
        { name: 'id', key: false, description: '' },
        { name: 'status', key: true, description: 'paid, sent or returned' },
      ],
    });
  });

  it('pages through a table’s rows and adds a row to a built-in table', async () => {
    const database = makeDatabase({ name: 'Prices' });
    const table = makeTable('products', ['name', 'price']);
    table.columns[1]!.type = 'INTEGER';
    const rows: DatabaseRow[] = Array.from({ length: 25 }, (_, index) => ({
      [ROW_ID_FIELD]: index + 1,
      name: `Product ${index + 1}`,
      price: index * 10,
    }));
    const { requests } = fakeDatabasesApi({
      databases: [database],
      tables: { [database.id]: [table] },
      rows: { [`${database.id}/products`]: rows },
    });
    renderInShell(<App />, { path: detailPath(database.id, 'rows'), scope: testScope('operator') });
    expect(await screen.findByText('Product 1')).toBeTruthy();
    expect(screen.getByText('25 rows')).toBeTruthy();
    expect(screen.queryByText('Product 21')).toBeNull();

    fireEvent.click(screen.getByText('2', { selector: 'li' }));
    expect(await screen.findByText('Product 21')).toBeTruthy();
    expect(screen.queryByText('Product 1')).toBeNull();
    const rowQueries = requests
      .filter((request) => request.path.endsWith('/rows'))
      .map((request) => request.query.toString());
    expect(rowQueries.at(-1)).toBe('offset=20&limit=20');

    fireEvent.click(screen.getByRole('button', { name: /Add row/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('name'), { target: { value: 'Lamp' } });
    fireEvent.change(within(dialog).getByLabelText('price'), { target: { value: '35' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')!.body).toEqual({
      values: { name: 'Lamp', price: 35 },
    });
    expect(await screen.findByText('26 rows')).toBeTruthy();
  });

  it('edits and deletes a built-in table’s row by its rowid', async () => {
    const database = makeDatabase({ name: 'Prices' });
    const { requests } = fakeDatabasesApi({
      databases: [database],
      tables: { [database.id]: [makeTable('products', ['name', 'note'])] },
      rows: {
        [`${database.id}/products`]: [
          { [ROW_ID_FIELD]: 4, name: 'Lamp', note: null },
          { [ROW_ID_FIELD]: 9, name: 'Desk', note: 'oak' },
        ],
      },
    });
    renderInShell(<App />, { path: detailPath(database.id, 'rows'), scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit row 4' }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('name') as HTMLInputElement).value).toBe('Lamp');
    fireEvent.change(within(dialog).getByLabelText('name'), { target: { value: 'Floor lamp' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Floor lamp')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe(`/v1/databases/${database.id}/tables/products/rows/4`);
    expect(put.body).toEqual({ values: { name: 'Floor lamp', note: null } });

    fireEvent.click(screen.getByRole('button', { name: 'Delete row 9' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Desk')).toBeNull());
    expect(requests.some((request) => request.method === 'DELETE' && request.path.endsWith('/rows/9'))).toBe(true);
  });

  it('reads rows of an external database without offering to change them or to import', async () => {
    const database = makeDatabase({ name: 'Shop', kind: 'mysql' });
    fakeDatabasesApi({
      databases: [database],
      tables: { [database.id]: [makeTable('orders', ['id'])] },
      rows: { [`${database.id}/orders`]: [{ id: 'A-1' }] },
    });
    renderInShell(<App />, { path: detailPath(database.id, 'rows'), scope: testScope('admin') });
    expect(await screen.findByText('A-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add row/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Import' })).toBeNull();
  });

  it('previews an import, sends the edited column types, and lists the rows that did not fit', async () => {
    const database = makeDatabase({ name: 'Prices' });
    const { xhr } = fakeDatabasesApi({
      databases: [database],
      preview: {
        columns: [
          { name: 'name', type: 'text' },
          { name: 'price', type: 'integer' },
        ],
        rows: [
          ['Lamp', 35],
          ['Desk', 120],
        ],
        total: 2,
      },
      importAnswer: () =>
        new Refusal(422, {
          detail: [{ loc: ['file', 7, 'price'], msg: 'Not a number: “about 12”', type: 'value_error' }],
        }),
    });
    renderInShell(<App />, { path: detailPath(database.id, 'import'), scope: testScope('operator') });
    const file = new File(['name,price\nLamp,35\n'], 'price list.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText('Choose a csv or xlsx file'), { target: { files: [file] } });
    expect(await screen.findByText('2 columns, 2 rows')).toBeTruthy();
    expect(screen.getByText('Desk')).toBeTruthy();
    expect((screen.getByLabelText('Table name') as HTMLInputElement).value).toBe('price list');

    fireEvent.click(screen.getByRole('combobox', { name: 'Type of price' }));
    fireEvent.click(await screen.findByRole('option', { name: /Number/ }));
    fireEvent.change(screen.getByLabelText('Table name'), { target: { value: 'prices' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('1 problem in the file: nothing was imported')).toBeTruthy();
    const line = screen.getByText('Not a number: “about 12”').closest('li')!;
    expect(within(line).getByText('Row 7')).toBeTruthy();
    expect(within(line).getByText('price')).toBeTruthy();
    const form = xhr.uploads.at(-1)!.form;
    expect(xhr.uploads.at(-1)!.path).toBe(`/v1/databases/${database.id}/tables/import`);
    expect(form.get('table')).toBe('prices');
    expect(JSON.parse(String(form.get('columns')))).toEqual([
      { name: 'name', type: 'text' },
      { name: 'price', type: 'number' },
    ]);
    expect((form.get('file') as File).name).toBe('price list.csv');
  });

  it('says a large import runs in the background, with the way to the task list', async () => {
    const database = makeDatabase({ name: 'Prices' });
    fakeDatabasesApi({
      databases: [database],
      preview: { columns: [{ name: 'name', type: 'text' }], rows: [['Lamp']], total: 90000 },
      importAnswer: (table) => ({ table, rows: 0, taskId: 'task-9' }),
    });
    renderInShell(<App />, { path: detailPath(database.id, 'import'), scope: testScope('operator') });
    const file = new File(['name\nLamp\n'], 'big.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText('Choose a csv or xlsx file'), { target: { files: [file] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The table “big” is imported in the background')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Follow it in the task list' }).getAttribute('href')).toBe('/task-list');
  });

  it('shows the query log with the SQL and what a refusal means', async () => {
    const database = makeDatabase({ name: 'Shop' });
    const { requests } = fakeDatabasesApi({
      databases: [database],
      queries: {
        [database.id]: [
          makeQuery({ question: 'Drop everything', sql: 'DROP TABLE orders', rows: 0, refused: 'NOT_SELECT' }),
          makeQuery({ question: 'Where is order 42?', refused: null }),
        ],
      },
    });
    renderInShell(<App />, { path: detailPath(database.id, 'queries'), scope: testScope('operator') });
    const refused = (await screen.findByText('Drop everything')).closest('tr')!;
    expect(within(refused).getByText('Not a SELECT')).toBeTruthy();
    expect(within(refused).getByText('DROP TABLE orders')).toBeTruthy();
    const ran = screen.getByText('Where is order 42?').closest('tr')!;
    expect(within(ran).queryByText('Not a SELECT')).toBeNull();
    expect(screen.getByText('2 queries')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Show queries' }));
    fireEvent.click(await screen.findByRole('option', { name: /Refused only/ }));
    await waitFor(() => expect(screen.queryByText('Where is order 42?')).toBeNull());
    const last = requests.filter((request) => request.path.endsWith('/queries')).at(-1)!;
    expect(last.query.get('refused')).toBe('true');
  });

  it('says so when the database does not exist', async () => {
    fakeDatabasesApi();
    renderInShell(<App />, { path: detailPath('missing'), scope: testScope('operator') });
    expect(await screen.findByText('Database not found')).toBeTruthy();
  });
});
