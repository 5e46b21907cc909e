import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $user, ListCases, ListDatasets, ListRobots, ListUsers } from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, type FakeRoute, type Refusal } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeUser } from '../../../test-utils/fake-users';

const TOTALS = { robots: 7, datasets: 3, cases: 12, users: 4 };

/** The four list calls answering their totals (empty pages); `refusal` answers one of them instead, when it returns. */
function fakeCounts(refusal: (path: string) => Refusal | undefined = () => undefined) {
  const counted = (endpoint: FakeRoute['endpoint'], total: number) =>
    on(endpoint, ({ request }) => refusal(request.path) ?? { list: [], total });
  return fakeApi([
    counted(ListRobots, TOTALS.robots),
    counted(ListDatasets, TOTALS.datasets),
    counted(ListCases, TOTALS.cases),
    counted(ListUsers, TOTALS.users),
  ]);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/dashboard', () => {
  it('shows the real counts as cards linking to their lists', async () => {
    const calls = fakeCounts();

    renderInShell(<App />, {
      path: '/dashboard',
      scope: fork({ values: [[$user, makeUser({ role: 'admin', nickname: 'Ada' })]] }),
    });

    expect(await screen.findByText('12')).toBeTruthy();
    expect(screen.getByText('Welcome back, Ada')).toBeTruthy();
    const robots = screen.getByTestId('overview-robots');
    expect(within(robots).getByText('7')).toBeTruthy();
    expect(within(robots).getByRole('link').getAttribute('href')).toBe('/robot');
    expect(within(screen.getByTestId('overview-users')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('overview-users')).getByRole('link').getAttribute('href')).toBe('/employee-list');
    expect(calls.every((call) => call.url.searchParams.get('limit') === '1')).toBe(true);
  });

  it('does not count users for an operator, also on /dashboard/workplace', async () => {
    const calls = fakeCounts();

    renderInShell(<App />, {
      path: '/dashboard/workplace',
      scope: fork({ values: [[$user, makeUser({ role: 'operator' })]] }),
    });

    expect(await screen.findByText('12')).toBeTruthy();
    expect(screen.queryByTestId('overview-users')).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/v1/users/list')).toBe(false);
  });

  it('shows an error state with Retry when every call fails', async () => {
    let fail = true;
    fakeCounts(() => (fail ? refuse(500, 'INTERNAL', 'boom') : undefined));

    renderInShell(<App />, { path: '/dashboard', scope: fork({ values: [[$user, makeUser({ role: 'operator' })]] }) });

    expect(await screen.findByText('The overview could not be loaded')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('12')).toBeTruthy();
  });

  it('marks only the failed card when one call fails', async () => {
    fakeCounts((path) => (path === '/v1/datasets' ? refuse(500, 'INTERNAL', 'boom') : undefined));

    renderInShell(<App />, { path: '/dashboard', scope: fork({ values: [[$user, makeUser({ role: 'operator' })]] }) });

    expect(await within(screen.getByTestId('overview-datasets')).findByText('Could not be loaded')).toBeTruthy();
    expect(within(screen.getByTestId('overview-robots')).getByText('7')).toBeTruthy();
  });
});
