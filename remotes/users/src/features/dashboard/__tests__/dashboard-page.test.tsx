import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  $settings,
  $user,
  GetDashboardSummary,
  ListCases,
  ListDatasets,
  ListRobots,
  ListUsers,
  type DashboardSummaryResponse,
} from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, type FakeRoute, type Refusal } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeUser } from '../../../test-utils/fake-users';

const TOTALS = { robots: 7, datasets: 3, cases: 12, users: 4 };

// happy-dom has no canvas: the G2 drawing is replaced by a recorder (the browser test draws for real).
const drawn = vi.hoisted(() => ({ charts: [] as Array<{ specs: unknown[]; themes: string[]; png: number }> }));
vi.mock('../lib/draw-chart', () => ({
  createChart: () => {
    const chart = { specs: [] as unknown[], themes: [] as string[], png: 0 };
    drawn.charts.push(chart);
    return {
      draw: async (spec: unknown, theme: string) => {
        chart.specs.push(spec);
        chart.themes.push(theme);
      },
      resize: async () => {},
      toPng: async () => {
        chart.png += 1;
        return 'data:image/png;base64,AAAA';
      },
      destroy: () => {},
    };
  },
}));

/** A summary with answers of one robot and nothing else. */
const summaryOf = (query: { from: string; to: string; utcOffset: number }): DashboardSummaryResponse => ({
  ...query,
  robots: [{ processId: 'r1', name: 'Sales' }],
  answersByDay: [{ day: query.to, processId: 'r1', answers: 4 }],
  creditsByDay: [],
  topRobots: [{ processId: 'r1', answers: 4 }],
  feedback: { likes: 1, dislikes: 0 },
  answers: { total: 4, fallbacks: 1 },
  sessionsByShare: [],
  filesByDay: [],
});

/** The four list calls answering their totals (empty pages); `refusal` answers one of them instead, when it returns. */
function fakeCounts(refusal: (path: string) => Refusal | undefined = () => undefined) {
  const counted = (endpoint: FakeRoute['endpoint'], total: number) =>
    on(endpoint, ({ request }) => refusal(request.path) ?? { list: [], total });
  return fakeApi([
    counted(ListRobots, TOTALS.robots),
    counted(ListDatasets, TOTALS.datasets),
    counted(ListCases, TOTALS.cases),
    counted(ListUsers, TOTALS.users),
    on(GetDashboardSummary, ({ query, request }) => refusal(request.path) ?? summaryOf(query)),
  ]);
}

afterEach(() => {
  cleanup();
  drawn.charts.length = 0;
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
    const lists = calls.filter((call) => call.url.pathname !== GetDashboardSummary.path);
    expect(lists.every((call) => call.url.searchParams.get('limit') === '1')).toBe(true);
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
    expect(await screen.findAllByText('The charts could not be loaded')).toHaveLength(7);
    fail = false;
    // The overview's Retry comes first; each chart has its own.
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0]!);
    expect(await screen.findByText('12')).toBeTruthy();
  });

  it('marks only the failed card when one call fails', async () => {
    fakeCounts((path) => (path === '/v1/datasets' ? refuse(500, 'INTERNAL', 'boom') : undefined));

    renderInShell(<App />, { path: '/dashboard', scope: fork({ values: [[$user, makeUser({ role: 'operator' })]] }) });

    expect(await within(screen.getByTestId('overview-datasets')).findByText('Could not be loaded')).toBeTruthy();
    expect(within(screen.getByTestId('overview-robots')).getByText('7')).toBeTruthy();
  });

  it("asks the last 30 days' charts in the viewer's offset, and another range when a preset is picked", async () => {
    const calls = fakeCounts();
    renderInShell(<App />, { path: '/dashboard', scope: fork({ values: [[$user, makeUser({ role: 'operator' })]] }) });

    await screen.findByText('Answers per day by robot');
    await waitFor(() => expect(calls.some((call) => call.url.pathname === GetDashboardSummary.path)).toBe(true));
    const asked = () => calls.filter((call) => call.url.pathname === GetDashboardSummary.path).map((call) => call.url);
    const first = asked()[0]!;
    const days = (url: URL) =>
      (Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)) / 86_400_000 + 1;
    expect(days(first)).toBe(30);
    expect(first.searchParams.get('utcOffset')).toBe(String(-new Date().getTimezoneOffset()));

    fireEvent.click(screen.getByText('Last 7 days'));
    await waitFor(() => expect(asked()).toHaveLength(2));
    expect(days(asked()[1]!)).toBe(7);
    expect(screen.getByText('7 days')).toBeTruthy();
  });

  it('draws every chart with data, shows the empty ones as empty, and follows the theme', async () => {
    fakeCounts();
    const scope = fork({ values: [[$user, makeUser({ role: 'admin' })]] });
    renderInShell(<App />, { path: '/dashboard', scope });

    const answers = await screen.findByTestId('chart-answersByDay');
    await waitFor(() => expect(answers.getAttribute('data-drawn')).toBe('true'));
    // Answers, top robots, feedback, unanswered have data; credits, sessions and files are empty.
    await waitFor(() => expect(drawn.charts).toHaveLength(4));
    expect(within(screen.getByTestId('chart-creditsByDay')).getByText('Nothing in this range yet')).toBeTruthy();
    expect(within(screen.getByTestId('chart-filesByDay')).getByText('Nothing in this range yet')).toBeTruthy();
    expect(drawn.charts.every((chart) => chart.themes.at(-1) === 'light')).toBe(true);

    await allSettled($settings, { scope, params: { ...scope.getState($settings), theme: 'dark' } });
    await waitFor(() => expect(drawn.charts.every((chart) => chart.themes.at(-1) === 'dark')).toBe(true));
    expect(drawn.charts).toHaveLength(4);

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(within(answers).getByRole('button', { name: 'Export Answers per day by robot as PNG' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('chart.png');
    expect(link.href).toBe('data:image/png;base64,AAAA');
    expect(
      within(screen.getByTestId('chart-creditsByDay'))
        .getByRole('button', { name: 'Export Credits spent per day as PNG' })
        .hasAttribute('disabled'),
    ).toBe(true);
  });

  it('shows no charts to an agent and never asks for them', async () => {
    const calls = fakeCounts();
    renderInShell(<App />, { path: '/dashboard', scope: fork({ values: [[$user, makeUser({ role: 'agent' })]] }) });
    await screen.findByText(/Welcome back/);
    expect(screen.queryByText('Answers per day by robot')).toBeNull();
    expect(calls.some((call) => call.url.pathname === GetDashboardSummary.path)).toBe(false);
  });
});
