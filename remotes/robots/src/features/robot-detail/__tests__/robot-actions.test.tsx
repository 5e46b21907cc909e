import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('robot detail actions', () => {
  it('disables a robot after confirmation, then enables it again', async () => {
    const robot = makeRobot({ name: 'Concierge', enabled: true });
    const { requests } = fakeRobotsApi([robot]);
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: /Disable/ }));
    expect(await screen.findByText('Disable “Concierge”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Robot disabled')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Disabled')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: /Enable/ }));
    expect(await screen.findByText('Robot enabled')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Enabled')).toBeTruthy());
    const puts = requests.filter((request) => request.method === 'PUT').map((request) => request.path);
    expect(puts).toEqual([
      `/v1/processes/${robot.processId}/disableProcess`,
      `/v1/processes/${robot.processId}/enableProcess`,
    ]);
  });

  it('clones the robot and opens the copy', async () => {
    const robot = makeRobot({ name: 'Concierge' });
    const { robots, requests } = fakeRobotsApi([robot]);
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: /Clone/ }));
    expect(await screen.findByText('Clone “Concierge”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clone' }));
    expect(await screen.findByRole('heading', { name: /Concierge \(copy\)/ })).toBeTruthy();
    const copy = robots[0]!;
    expect(screen.getByTestId('location').textContent).toBe(`/ai/${copy.processId}/detail/`);
    expect(
      requests.some((request) => request.method === 'GET' && request.path === `/v1/processes/${robot.processId}/clone`),
    ).toBe(true);
  });

  it("shows the server's message when the robot cannot be changed", async () => {
    const robot = makeRobot({ enabled: false });
    fakeRobotsApi([robot], (request) =>
      request.path.endsWith('/enableProcess')
        ? { status: 500, body: { code: 'INTERNAL', message: 'Database is down' } }
        : undefined,
    );
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('admin') });
    fireEvent.click(await screen.findByRole('button', { name: /Enable/ }));
    expect(await screen.findByText('The robot was not changed')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
  });

  it('offers no actions to agents', async () => {
    const robot = makeRobot({ name: 'Concierge' });
    fakeRobotsApi([robot]);
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('agent') });
    expect(await screen.findByRole('heading', { name: /Concierge/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Disable/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Clone/ })).toBeNull();
  });
});
