import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fork } from 'effector';
import { $locale, $settings, $user, DEFAULT_SETTINGS } from '@flotilla/shared';
import { renderInShell, sessionUser, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('robot list page', () => {
  it('shows the empty state with a create action when the server has no robots', async () => {
    fakeRobotsApi([]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    expect(await screen.findByText('No robots yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /New robot/ })).toHaveLength(2);
  });

  it('lists the robots with their type, status and update time', async () => {
    fakeRobotsApi([
      makeRobot({ name: 'Sales', type: 'flow', enabled: true, description: 'Answers pricing questions' }),
      makeRobot({ name: 'Support', type: 'simple', enabled: false }),
    ]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    const sales = (await screen.findByRole('link', { name: 'Sales' })).closest('tr')!;
    expect(within(sales).getByText('Flow')).toBeTruthy();
    expect(within(sales).getByText('Enabled')).toBeTruthy();
    expect(within(sales).getByText('Answers pricing questions')).toBeTruthy();
    expect(within(sales).getByText(/2024/)).toBeTruthy();
    const support = screen.getByRole('link', { name: 'Support' }).closest('tr')!;
    expect(within(support).getByText('Simple')).toBeTruthy();
    expect(within(support).getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('2 robots')).toBeTruthy();
  });

  it('hides create and delete from agents', async () => {
    fakeRobotsApi([makeRobot({ name: 'Sales' })]);
    renderInShell(<App />, { path: '/robot', scope: testScope('agent') });
    await screen.findByRole('link', { name: 'Sales' });
    expect(screen.queryByRole('button', { name: /New robot/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('says a name is needed when creating without one, and sends nothing', async () => {
    const { requests } = fakeRobotsApi([]);
    renderInShell(<App />, { path: '/robot', scope: testScope('operator') });
    await screen.findByText('No robots yet');
    fireEvent.click(screen.getAllByRole('button', { name: /New robot/ })[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a name for the robot')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates a robot from the form and opens its detail page; back on the list it is first', async () => {
    const { requests, robots } = fakeRobotsApi([makeRobot({ name: 'Existing' })]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    await screen.findByRole('link', { name: 'Existing' });
    fireEvent.click(screen.getByRole('button', { name: /New robot/ }));
    fireEvent.change(await screen.findByPlaceholderText('For example: After-sales assistant'), {
      target: { value: 'Concierge' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/ai/${robots[0]!.processId}/detail/`));
    expect(await screen.findByRole('heading', { name: /Concierge/ })).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')!.body).toMatchObject({
      name: 'Concierge',
      type: 'simple',
    });

    // Back on the list, which shows the new robot first and stays there.
    fireEvent.click(screen.getByRole('button', { name: /Robots$/ }));
    await waitFor(() =>
      expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Concierge', 'Existing']),
    );
    expect(screen.getByTestId('location').textContent).toBe('/robot');
  });

  it('creates a flow robot and opens its flow editor', async () => {
    const { requests, robots } = fakeRobotsApi([]);
    renderInShell(<App />, { path: '/robot', scope: testScope('operator') });
    await screen.findByText('No robots yet');
    fireEvent.click(screen.getAllByRole('button', { name: /New robot/ })[0]!);
    fireEvent.change(await screen.findByPlaceholderText('For example: After-sales assistant'), {
      target: { value: 'Order desk' },
    });
    fireEvent.click(screen.getByRole('radio', { name: /Flow/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/ai/${robots[0]!.processId}/flow/v3`));
    expect(requests.find((request) => request.method === 'POST')!.body).toMatchObject({
      name: 'Order desk',
      type: 'flow',
    });
    expect(robots[0]!.type).toBe('flow');
  });

  it('shows an error with Retry when the list fails', async () => {
    let failing = true;
    fakeRobotsApi([makeRobot({ name: 'Sales' })], () =>
      failing ? { status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } } : undefined,
    );
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    expect(await screen.findByText('The robots could not be loaded')).toBeTruthy();
    expect(screen.getByText('Internal server error')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Sales' })).toBeTruthy();
  });

  it('deletes a robot after confirmation', async () => {
    fakeRobotsApi([makeRobot({ name: 'Old' }), makeRobot({ name: 'Kept' })]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    const row = (await screen.findByRole('link', { name: 'Old' })).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: /Delete/ }));
    expect(await screen.findByText('Delete “Old”?')).toBeTruthy();
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).find((button) => !row.contains(button))!;
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Old' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Kept' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/robot');
  });

  it('opens the detail page of a robot that is clicked', async () => {
    const robot = makeRobot({
      name: 'Sales',
      description: 'Answers pricing questions',
      tags: [{ id: 't1', name: 'VIP' }],
    });
    fakeRobotsApi([robot]);
    renderInShell(<App />, { path: '/robot', scope: testScope('admin') });
    fireEvent.click((await screen.findByText('Answers pricing questions')).closest('tr')!);
    expect(screen.getByTestId('location').textContent).toBe(`/ai/${robot.processId}/detail/`);
    expect(await screen.findByText('VIP')).toBeTruthy();
    expect(screen.getByText(robot.processId)).toBeTruthy();
  });

  it('keeps name, status and actions on a narrow screen', async () => {
    fakeRobotsApi([makeRobot({ name: 'Sales', type: 'flow' })]);
    const scope = fork({
      values: [
        [$user, sessionUser('admin')],
        [$locale, 'en-US'],
        [$settings, { ...DEFAULT_SETTINGS, device: 'mobile' }],
      ],
    });
    renderInShell(<App />, { path: '/robot', scope });
    const row = (await screen.findByRole('link', { name: 'Sales' })).closest('tr')!;
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Name', 'Status', 'Actions']);
    expect(within(row).queryByText('Flow')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Edit “Sales”' })).toBeTruthy();
  });
});
