import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('robot detail page', () => {
  it('shows the fields the server holds', async () => {
    const robot = makeRobot({ name: 'Concierge', description: 'Books tables', type: 'flow', enabled: false });
    fakeRobotsApi([robot]);
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail/`, scope: testScope('agent') });
    expect(await screen.findByText('Books tables')).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Concierge/ })).toBeTruthy();
    expect(screen.getByText('Flow')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('No tags')).toBeTruthy();
  });

  it('says the robot does not exist on 404, and goes back to the list', async () => {
    fakeRobotsApi([]);
    renderInShell(<App />, { path: '/ai/nope/detail', scope: testScope('admin') });
    expect(await screen.findByText('Robot not found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Robots/ }));
    expect(screen.getByTestId('location').textContent).toBe('/robot');
  });

  it('leaves paths no page has to the not-found fallback', async () => {
    fakeRobotsApi([]);
    renderInShell(<App />, { path: '/ai/p1/nothing-here', scope: testScope('admin') });
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
