import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { allSettled } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '../../../test';
import { HttpError } from '../../http/http-error';
import { createPagedList, type PageAnswer } from '../../lists';
import { PagedTable } from '../paged-table';

afterEach(cleanup);

type Row = { id: string; name: string };
type RowQuery = { offset: number; limit: number; keyword?: string };

const rows = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: `r${i}`, name: `Row ${i}` }));

function makeList(answer: (query: RowQuery) => Promise<PageAnswer<Row>>) {
  return createPagedList<RowQuery, Row>({
    fetchPage: vi.fn(answer),
    itemKey: (row) => row.id,
    pageSize: 10,
    debounceMs: 10,
  });
}

async function renderTable(list: ReturnType<typeof makeList>) {
  const scope = testScope();
  await allSettled(list.pageOpened, { scope });
  renderInShell(
    <PagedTable
      list={list}
      rowKey="id"
      columns={[{ title: 'Name', dataIndex: 'name' }]}
      searchLabel="Search rows"
      filters={<button>Only mine</button>}
      totalLabel={(count) => `${count} rows`}
      empty={<p>Nothing here</p>}
      failedTitle="Rows failed to load"
    />,
    { path: '/rows', scope },
  );
  return scope;
}

describe('PagedTable', () => {
  it('shows the rows with the count and filters, and pages on the server', async () => {
    const all = rows(25);
    const list = makeList(async (query) => ({
      list: all.slice(query.offset, query.offset + query.limit),
      total: all.length,
    }));
    const scope = await renderTable(list);
    expect(screen.getByText('Row 0')).toBeTruthy();
    expect(screen.getByText('25 rows')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Only mine' })).toBeTruthy();
    expect(screen.getByLabelText('Search rows')).toBeTruthy();

    fireEvent.click(screen.getByText('3'));
    await waitFor(() => expect(screen.getByText('Row 20')).toBeTruthy());
    expect(scope.getState(list.$page)).toBe(3);
  });

  it('hides the pager when one page holds everything, and shows the empty state', async () => {
    const list = makeList(async () => ({ list: [], total: 0 }));
    await renderTable(list);
    expect(screen.getByText('Nothing here')).toBeTruthy();
    expect(document.querySelector('.semi-page')).toBeNull();
  });

  it('says the server cannot be reached and loads again on Retry', async () => {
    let failing = true;
    const list = makeList(async () => {
      if (failing) throw new HttpError(0, 'NETWORK', 'fetch failed', null);
      return { list: rows(1), total: 1 };
    });
    await renderTable(list);
    expect(screen.getByText('Rows failed to load')).toBeTruthy();
    expect(screen.getByText('The server could not be reached. Check your connection and try again.')).toBeTruthy();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Row 0')).toBeTruthy());
  });
});
