import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nameInput = () => screen.getByPlaceholderText('For example: After-sales assistant') as HTMLInputElement;

describe('editing a robot', () => {
  it('from its row of the list: the form starts from the robot, and the row shows the new name', async () => {
    const robot = makeRobot({ name: 'Sales', description: 'Pricing' });
    const { requests } = fakeRobotsApi([robot, makeRobot({ name: 'Support' })]);
    renderInShell(<App />, { path: '/robot', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Sales”' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit robot')).toBeTruthy();
    await waitFor(() => expect(nameInput().value).toBe('Sales'));
    expect(within(dialog).getByDisplayValue('Pricing')).toBeTruthy();

    fireEvent.change(nameInput(), { target: { value: 'Sales desk' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Sales desk' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sales' })).toBeNull();
    expect(requests.find((request) => request.method === 'PUT')!.body).toEqual({
      name: 'Sales desk',
      description: 'Pricing',
      icon: '',
    });
    expect(screen.getByTestId('location').textContent).toBe('/robot');

    // Opened again, the form starts from the saved robot.
    fireEvent.click(screen.getByRole('button', { name: 'Edit “Sales desk”' }));
    await waitFor(() => expect(nameInput().value).toBe('Sales desk'));
  });

  it('from its detail page: the title shows the new name', async () => {
    const robot = makeRobot({ name: 'Sales' });
    fakeRobotsApi([robot]);
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail/`, scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: /Edit$/ }));
    await waitFor(() => expect(nameInput().value).toBe('Sales'));
    fireEvent.change(nameInput(), { target: { value: 'Sales desk' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: /Sales desk/ })).toBeTruthy();
  });

  it('says a name is needed, and sends nothing', async () => {
    const robot = makeRobot({ name: 'Sales' });
    const { requests } = fakeRobotsApi([robot]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Sales”' }));
    await waitFor(() => expect(nameInput().value).toBe('Sales'));
    fireEvent.change(nameInput(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a name for the robot')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's reason and keeps what the user typed", async () => {
    const robot = makeRobot({ name: 'Sales' });
    fakeRobotsApi([robot], (request) =>
      request.method === 'PUT'
        ? { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } }
        : undefined,
    );
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Sales”' }));
    await waitFor(() => expect(nameInput().value).toBe('Sales'));
    fireEvent.change(nameInput(), { target: { value: 'Sales desk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The robot was not saved')).toBeTruthy();
    expect(screen.getByText('Internal server error')).toBeTruthy();
    expect(nameInput().value).toBe('Sales desk');
  });

  it('is not offered to agents', async () => {
    const robot = makeRobot({ name: 'Sales' });
    fakeRobotsApi([robot]);
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail/`, scope: testScope('agent') });
    await screen.findByRole('heading', { name: /Sales/ });
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
  });
});

describe('icon actions of the robot list', () => {
  it('each has a name in both languages and a tooltip', async () => {
    fakeRobotsApi([makeRobot({ name: 'Sales' })]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin'), locale: 'zh-CN' });
    const row = (await screen.findByRole('link', { name: 'Sales' })).closest('tr')!;
    const names = within(row)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    expect(names).toEqual(['停用“Sales”', '编辑“Sales”', '编辑“Sales”的标签', '复制“Sales”', '删除“Sales”']);
    fireEvent.pointerEnter(within(row).getByRole('button', { name: '编辑“Sales”' }));
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('tooltip').textContent).toBe('编辑“Sales”');
  });
});
