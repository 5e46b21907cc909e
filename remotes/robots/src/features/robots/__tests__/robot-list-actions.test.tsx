import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ICON_LIMITS } from '@flotilla/shared';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Requests = ReturnType<typeof fakeRobotsApi>['requests'];
const listQueries = (requests: Requests) =>
  requests
    .filter((request) => request.method === 'GET' && request.path === '/v1/processes')
    .map((request) => request.query);
const png = (bytes: number, name = 'bot.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type });

async function openCreate() {
  const api = fakeRobotsApi([makeRobot({ name: 'Existing' })]);
  renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
  await screen.findByRole('link', { name: 'Existing' });
  fireEvent.click(screen.getByRole('button', { name: /New robot/ }));
  await screen.findByPlaceholderText('For example: After-sales assistant');
  return api;
}

describe('robot list: search, tag filter and pages', () => {
  it('asks the server for the keyword, the tag and the page together', async () => {
    const vip = { id: 't1', name: 'VIP' };
    const robots = Array.from({ length: 45 }, (_, index) =>
      makeRobot({ name: `Sales ${index}`, tags: index % 2 ? [] : [vip] }),
    );
    const { requests } = fakeRobotsApi(robots, undefined, { tags: [vip, { id: 't2', name: 'Support' }] });
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    await screen.findByRole('link', { name: 'Sales 0' });
    expect(listQueries(requests)[0]!.toString()).toBe('offset=0&limit=20');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search robots by name' }), { target: { value: 'sales' } });
    await waitFor(() => expect(listQueries(requests).at(-1)!.get('keyword')).toBe('sales'));

    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by tag' }));
    fireEvent.click(await screen.findByRole('option', { name: /VIP/ }));
    await waitFor(() => expect(listQueries(requests).at(-1)!.get('tagId')).toBe('t1'));
    expect(listQueries(requests).at(-1)!.get('offset')).toBe('0');
    expect(await screen.findByText('23 robots')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Page 2'));
    await waitFor(() => expect(listQueries(requests).at(-1)!.get('offset')).toBe('20'));
    const last = listQueries(requests).at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ offset: '20', limit: '20', keyword: 'sales', tagId: 't1' });
    expect(await screen.findByRole('link', { name: 'Sales 40' })).toBeTruthy();
  });

  it('says no robot has the tag when the filter leaves none', async () => {
    fakeRobotsApi([makeRobot({ name: 'Sales' })], undefined, { tags: [{ id: 't1', name: 'VIP' }] });
    renderInShell(<App />, { path: '/robot', scope: testScope('operator') });
    await screen.findByRole('link', { name: 'Sales' });
    fireEvent.click(screen.getByRole('combobox', { name: 'Filter by tag' }));
    fireEvent.click(await screen.findByRole('option', { name: /VIP/ }));
    expect(await screen.findByText('No robot has this tag')).toBeTruthy();
  });
});

describe('robot list: create with an icon', () => {
  it('uploads the icon as multipart file, previews it and creates the robot with its URL', async () => {
    const { requests, robots } = await openCreate();
    fireEvent.change(screen.getByLabelText('Robot icon file'), { target: { files: [png(2048)] } });
    const preview = (await screen.findByRole('img', { name: 'Icon preview' })) as HTMLImageElement;
    const upload = requests.find((request) => request.path === '/v2/processes/icon')!;
    expect(upload.method).toBe('POST');
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith('/v2/processes/icon'))![1]!
      .body as FormData;
    expect((sent.get('file') as File).name).toBe('bot.png');
    expect(preview.getAttribute('src')).toMatch(/^\/files\/icons\/icon-\d+\.png$/);

    fireEvent.change(screen.getByPlaceholderText('For example: After-sales assistant'), {
      target: { value: 'Concierge' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(robots[0]!.name).toBe('Concierge'));
    const post = requests.find((request) => request.method === 'POST' && request.path === '/v1/processes')!;
    expect(post.body).toEqual({ name: 'Concierge', type: 'simple', icon: preview.getAttribute('src') });
    expect(robots[0]!.icon).toBe(preview.getAttribute('src'));
  });

  it('refuses a file that is too large or no image before sending it', async () => {
    const { requests } = await openCreate();
    fireEvent.change(screen.getByLabelText('Robot icon file'), {
      target: { files: [png(ICON_LIMITS.maxBytes + 1, 'huge.png')] },
    });
    expect(await screen.findByText('This image is too large: the icon can be at most 1024 KB')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Robot icon file'), {
      target: { files: [png(100, 'notes.txt', 'text/plain')] },
    });
    expect(await screen.findByText('Use a PNG, JPEG, WebP or GIF image')).toBeTruthy();
    expect(requests.some((request) => request.path === '/v2/processes/icon')).toBe(false);

    fireEvent.change(screen.getByPlaceholderText('For example: After-sales assistant'), { target: { value: 'Plain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/ai\//));
    expect(requests.find((request) => request.method === 'POST' && request.path === '/v1/processes')!.body).toEqual({
      name: 'Plain',
      type: 'simple',
    });
  });

  it("shows the server's reason when it refuses the icon", async () => {
    fakeRobotsApi([makeRobot({ name: 'Existing' })], (request) =>
      request.path === '/v2/processes/icon'
        ? {
            status: 422,
            body: { detail: [{ loc: ['body', 'file'], msg: 'The image could not be read', type: 'image' }] },
          }
        : undefined,
    );
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    await screen.findByRole('link', { name: 'Existing' });
    fireEvent.click(screen.getByRole('button', { name: /New robot/ }));
    fireEvent.change(await screen.findByLabelText('Robot icon file'), { target: { files: [png(10)] } });
    expect(await screen.findByText('The image could not be read')).toBeTruthy();
  });
});

describe('robot list: row actions', () => {
  it('disables a robot after confirmation and enables it again', async () => {
    const robot = makeRobot({ name: 'Sales', enabled: true });
    const { requests } = fakeRobotsApi([robot]);
    renderInShell(<App />, { path: '/robot', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Disable “Sales”' }));
    expect(await screen.findByText('Disable “Sales”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const row = () => screen.getByRole('link', { name: 'Sales' }).closest('tr')!;
    await waitFor(() => expect(within(row()).getByText('Disabled')).toBeTruthy());
    fireEvent.click(within(row()).getByRole('button', { name: 'Enable “Sales”' }));
    await waitFor(() => expect(within(row()).getByText('Enabled')).toBeTruthy());
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      `/v1/processes/${robot.processId}/disableProcess`,
      `/v1/processes/${robot.processId}/enableProcess`,
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/robot');
  });

  it('clones a robot after confirmation and lists the copy first', async () => {
    const robot = makeRobot({ name: 'Sales' });
    const { requests } = fakeRobotsApi([makeRobot({ name: 'Support' }), robot]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Clone “Sales”' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Clone' }));
    expect(await screen.findByRole('link', { name: 'Sales (copy)' })).toBeTruthy();
    expect(
      requests.some((request) => request.method === 'GET' && request.path === `/v1/processes/${robot.processId}/clone`),
    ).toBe(true);
    expect(screen.getAllByRole('link')[0]!.textContent).toBe('Sales (copy)');
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const { requests } = fakeRobotsApi([makeRobot({ name: 'Kept' })]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Kept”' }));
    expect(await screen.findByText('Delete “Kept”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(screen.getByRole('link', { name: 'Kept' })).toBeTruthy();
  });

  it("shows the server's message when a robot cannot be changed", async () => {
    fakeRobotsApi([makeRobot({ name: 'Sales', enabled: false })], (request) =>
      request.path.endsWith('/enableProcess')
        ? { status: 500, body: { code: 'INTERNAL', message: 'Database is down' } }
        : undefined,
    );
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Enable “Sales”' }));
    expect(await screen.findByText('The robot was not changed')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
  });
});

describe('robot list: row action tooltips', () => {
  it("shows an action's name as its tooltip while it is pointed at or focused, and the action still works", async () => {
    fakeRobotsApi([makeRobot({ name: 'Sales' })]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    const edit = await screen.findByRole('button', { name: 'Edit “Sales”' });
    const tags = screen.getByRole('button', { name: 'Edit the tags of “Sales”' });
    // A hidden tooltip stays in the page while it fades out (happy-dom ends no animation).
    const tooltipShown = (text: string) =>
      screen
        .queryAllByRole('tooltip')
        .some((tooltip) => tooltip.textContent === text && !tooltip.className.includes('animation-hide'));
    expect(screen.queryAllByRole('tooltip')).toEqual([]);

    fireEvent.pointerOver(edit);
    await waitFor(() => expect(tooltipShown('Edit “Sales”')).toBe(true));
    fireEvent.pointerOut(edit);
    await waitFor(() => expect(tooltipShown('Edit “Sales”')).toBe(false));

    fireEvent.focusIn(tags);
    await waitFor(() => expect(tooltipShown('Edit the tags of “Sales”')).toBe(true));

    fireEvent.click(edit);
    expect(await screen.findByText('Edit robot')).toBeTruthy();
  });
});
