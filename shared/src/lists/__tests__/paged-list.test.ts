import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../http/http-error';
import { createPagedList, type PageAnswer } from '../paged-list';

type Row = { id: string; name: string; colour?: string };
type RowQuery = { offset: number; limit: number; keyword?: string; colour?: string };

const rows = (count: number, colour?: string): Row[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${colour ?? 'row'}-${i}`,
    name: `Row ${i}`,
    ...(colour ? { colour } : {}),
  }));

/** A server of rows that filters and pages like the real ones, and remembers every query. */
function fakeServer(initial: Row[]) {
  let stored = [...initial];
  const fetchPage = vi.fn(async (query: RowQuery): Promise<PageAnswer<Row>> => {
    const matching = stored.filter(
      (row) =>
        (!query.keyword || row.name.toLowerCase().includes(query.keyword)) &&
        (!query.colour || row.colour === query.colour),
    );
    return { list: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
  });
  const deleteItem = vi.fn(async (row: Row) => {
    stored = stored.filter((other) => other.id !== row.id);
  });
  return { fetchPage, deleteItem };
}

function makeList(server: ReturnType<typeof fakeServer>, pageSize = 20) {
  return createPagedList<RowQuery, Row>({ ...server, itemKey: (row) => row.id, pageSize, debounceMs: 20 });
}

describe('createPagedList', () => {
  it('loads the first page when the page opens', async () => {
    const server = fakeServer(rows(25));
    const list = makeList(server);
    const scope = fork();
    expect(scope.getState(list.$loading)).toBe(true);

    await allSettled(list.pageOpened, { scope });

    expect(server.fetchPage).toHaveBeenCalledWith({ offset: 0, limit: 20 });
    expect(scope.getState(list.$status)).toBe('ready');
    expect(scope.getState(list.$loading)).toBe(false);
    expect(scope.getState(list.$items)).toHaveLength(20);
    expect(scope.getState(list.$total)).toBe(25);
    expect(scope.getState(list.$page)).toBe(1);
    expect(scope.getState(list.$pageSize)).toBe(20);
  });

  it('asks the server once the user stops typing, on the first page', async () => {
    const server = fakeServer([...rows(30), { id: 'x', name: 'Special' }]);
    const list = makeList(server);
    const scope = fork();
    await allSettled(list.pageOpened, { scope });
    await allSettled(list.pageChanged, { scope, params: 2 });

    await Promise.all(['s', 'sp', ' special '].map((text) => allSettled(list.keywordChanged, { scope, params: text })));

    expect(server.fetchPage).toHaveBeenCalledTimes(3);
    expect(server.fetchPage).toHaveBeenLastCalledWith({ offset: 0, limit: 20, keyword: 'special' });
    expect(scope.getState(list.$searchText)).toBe(' special ');
    expect(scope.getState(list.$keyword)).toBe('special');
    expect(scope.getState(list.$items).map((row) => row.name)).toEqual(['Special']);
  });

  it('keeps the answer to the query on screen when an older one arrives later', async () => {
    const answers: Record<string, PageAnswer<Row>> = {
      first: { list: [{ id: 'a', name: 'Slow' }], total: 30 },
      second: { list: [{ id: 'b', name: 'Fast' }], total: 30 },
    };
    let releaseSlow: () => void = () => {};
    const fetchPage = vi.fn((query: RowQuery) =>
      query.offset === 0
        ? new Promise<PageAnswer<Row>>((resolve) => (releaseSlow = () => resolve(answers.first!)))
        : Promise.resolve(answers.second!),
    );
    const list = createPagedList<RowQuery, Row>({ fetchPage, itemKey: (row) => row.id });
    const scope = fork();

    // allSettled waits for every effect of the scope, so both run together and the slow one ends last.
    const opening = allSettled(list.pageOpened, { scope });
    const paging = allSettled(list.pageChanged, { scope, params: 2 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(scope.getState(list.$items).map((row) => row.name)).toEqual(['Fast']);
    releaseSlow();
    await Promise.all([opening, paging]);

    expect(scope.getState(list.$page)).toBe(2);
    expect(scope.getState(list.$items).map((row) => row.name)).toEqual(['Fast']);
  });

  it('sends filters to the server from the first page, and clears them with the search', async () => {
    const server = fakeServer([...rows(25, 'red'), ...rows(3, 'blue')]);
    const list = makeList(server);
    const scope = fork();
    await allSettled(list.pageOpened, { scope });
    await allSettled(list.pageChanged, { scope, params: 2 });

    await allSettled(list.filtersChanged, { scope, params: { colour: 'blue' } });
    expect(server.fetchPage).toHaveBeenLastCalledWith({ offset: 0, limit: 20, colour: 'blue' });
    expect(scope.getState(list.$total)).toBe(3);

    // The same filter again asks for nothing new.
    const calls = server.fetchPage.mock.calls.length;
    await allSettled(list.filtersChanged, { scope, params: { colour: 'blue' } });
    expect(server.fetchPage.mock.calls.length).toBe(calls);

    await allSettled(list.keywordChanged, { scope, params: 'row 1' });
    expect(server.fetchPage).toHaveBeenLastCalledWith({ offset: 0, limit: 20, colour: 'blue', keyword: 'row 1' });

    await allSettled(list.filtersChanged, { scope, params: { colour: null } });
    expect(server.fetchPage).toHaveBeenLastCalledWith({ offset: 0, limit: 20, keyword: 'row 1' });

    await allSettled(list.filtersCleared, { scope });
    expect(server.fetchPage).toHaveBeenLastCalledWith({ offset: 0, limit: 20 });
    expect(scope.getState(list.$searchText)).toBe('');
    expect(scope.getState(list.$total)).toBe(28);
  });

  it('starts again on the first page with a new page size', async () => {
    const server = fakeServer(rows(45));
    const list = makeList(server);
    const scope = fork();
    await allSettled(list.pageOpened, { scope });
    await allSettled(list.pageChanged, { scope, params: 3 });
    expect(scope.getState(list.$items)).toHaveLength(5);

    await allSettled(list.pageSizeChanged, { scope, params: 50 });

    expect(server.fetchPage).toHaveBeenLastCalledWith({ offset: 0, limit: 50 });
    expect(scope.getState(list.$page)).toBe(1);
    expect(scope.getState(list.$pageSize)).toBe(50);
    expect(scope.getState(list.$items)).toHaveLength(45);
  });

  it('deletes a row and loads the page again', async () => {
    const stored = rows(3);
    const server = fakeServer(stored);
    const list = makeList(server);
    const scope = fork();
    await allSettled(list.pageOpened, { scope });

    await allSettled(list.deleteConfirmed, { scope, params: stored[1]! });

    expect(server.deleteItem).toHaveBeenCalledTimes(1);
    expect(server.fetchPage).toHaveBeenCalledTimes(2);
    expect(scope.getState(list.$items).map((row) => row.id)).toEqual(['row-0', 'row-2']);
    expect(scope.getState(list.$total)).toBe(2);
    expect(scope.getState(list.$deletingIds)).toEqual([]);
  });

  it('goes back a page when the last row of the last page is deleted', async () => {
    const stored = rows(21);
    const server = fakeServer(stored);
    const list = makeList(server);
    const scope = fork();
    await allSettled(list.pageOpened, { scope });
    await allSettled(list.pageChanged, { scope, params: 2 });
    expect(scope.getState(list.$items)).toHaveLength(1);

    await allSettled(list.deleteConfirmed, { scope, params: stored[20]! });

    expect(server.fetchPage).toHaveBeenLastCalledWith({ offset: 0, limit: 20 });
    expect(scope.getState(list.$page)).toBe(1);
    expect(scope.getState(list.$items)).toHaveLength(20);
    expect(scope.getState(list.$total)).toBe(20);
  });

  it('asks once for a row already being deleted', async () => {
    const stored = rows(2);
    const server = fakeServer(stored);
    const list = makeList(server);
    const scope = fork();
    await allSettled(list.pageOpened, { scope });

    await Promise.all([
      allSettled(list.deleteConfirmed, { scope, params: stored[0]! }),
      allSettled(list.deleteConfirmed, { scope, params: stored[0]! }),
    ]);

    expect(server.deleteItem).toHaveBeenCalledTimes(1);
  });

  it('holds the failure, then a reload recovers', async () => {
    let failing = true;
    const fetchPage = vi.fn(async (): Promise<PageAnswer<Row>> => {
      if (failing) throw new HttpError(500, 'INTERNAL', 'Internal server error', null);
      return { list: [{ id: 'a', name: 'Back again' }], total: 1 };
    });
    const list = createPagedList<RowQuery, Row>({ fetchPage, itemKey: (row) => row.id });
    const scope = fork();

    await allSettled(list.pageOpened, { scope });
    expect(scope.getState(list.$status)).toBe('error');
    expect(scope.getState(list.$loading)).toBe(false);
    expect(scope.getState(list.$failure)).toEqual({ status: 500, code: 'INTERNAL', message: 'Internal server error' });

    failing = false;
    await allSettled(list.reloadRequested, { scope });
    expect(scope.getState(list.$status)).toBe('ready');
    expect(scope.getState(list.$failure)).toBeNull();
    expect(scope.getState(list.$items).map((row) => row.name)).toEqual(['Back again']);
  });

  it('treats a network failure as status 0', async () => {
    const list = createPagedList<RowQuery, Row>({
      fetchPage: () => Promise.reject(new TypeError('fetch failed')),
      itemKey: (row) => row.id,
    });
    const scope = fork();
    await allSettled(list.pageOpened, { scope });
    expect(scope.getState(list.$failure)?.status).toBe(0);
  });
});
