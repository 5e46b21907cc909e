import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role, TraceStep } from '@flotilla/shared';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, makeAnswer, makeRobot, makeSession } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Requests = ReturnType<typeof fakeRobotsApi>['requests'];
const answerQueries = (requests: Requests) =>
  requests
    .filter((request) => request.path === '/v1/completions/processes')
    .map((request) => Object.fromEntries(request.query));

async function openLogs({ role = 'admin' as Role, fail = false, traces = {} as Record<string, TraceStep[]> } = {}) {
  const robot = makeRobot({ name: 'Concierge' });
  const { processId } = robot;
  const sessions = [
    makeSession({ sessionId: 'sA', title: 'Return policy', completions: 2 }),
    makeSession({ sessionId: 'sB', title: 'Opening hours', channel: 'api' }),
  ];
  const answers = [
    makeAnswer({
      id: 'a1',
      processId,
      sessionId: 'sA',
      question: 'Can I return shoes?',
      feedback: 'dislike',
      feedbackText: 'Too vague',
      model: 'gpt-4o',
      usage: { promptTokens: 100, completionTokens: 20, totalTokens: 120 },
      latencyMs: 2300,
      cost: 3,
    }),
    makeAnswer({
      id: 'a2',
      processId,
      sessionId: 'sA',
      question: 'Within how many days?',
      feedback: 'like',
      checked: true,
    }),
    makeAnswer({ id: 'a3', processId, sessionId: 'sB', question: 'When do you open?', channel: 'api' }),
  ];
  const api = fakeRobotsApi(
    [robot],
    (request) =>
      fail && request.path === '/v1/completions/processes'
        ? { status: 500, body: { code: 'INTERNAL', message: 'Database is down' } }
        : undefined,
    { sessions, answers, traces },
  );
  renderInShell(<App />, { path: `/ai/${processId}/detail`, scope: testScope(role) });
  fireEvent.click(await screen.findByRole('tab', { name: 'Logs' }));
  return { robot, ...api };
}

const answersSection = () => screen.getByRole('region', { name: 'Answers' });
const answerRow = (question: string) => within(answersSection()).getByText(question).closest('tr')!;

describe('logs tab', () => {
  it("loads the robot's sessions and answers with what each answer cost", async () => {
    const { robot, requests } = await openLogs();
    expect(await within(answersSection()).findByText('Can I return shoes?')).toBeTruthy();
    const sessionsCall = requests.find((request) => request.path === '/v1/completions/sessionIds')!;
    expect(sessionsCall.method).toBe('POST');
    expect(sessionsCall.body).toEqual({ offset: 0, limit: 10, processId: robot.processId });
    expect(answerQueries(requests)[0]).toEqual({ offset: '0', limit: '20', processId: robot.processId });
    const row = answerRow('Can I return shoes?');
    expect(within(row).getByText('gpt-4o')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();
    expect(within(row).getByText('2.3 s')).toBeTruthy();
    expect(within(row).getByText('Visitor')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Disliked' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Sessions' })).getByText('Return policy')).toBeTruthy();
    expect(screen.getByText('3 answers')).toBeTruthy();
  });

  it('sends the feedback, checked and session filters to the server', async () => {
    const { robot, requests } = await openLogs();
    await within(answersSection()).findByText('Can I return shoes?');

    fireEvent.click(screen.getByRole('radio', { name: 'Disliked' }));
    await waitFor(() =>
      expect(answerQueries(requests).at(-1)).toEqual({
        offset: '0',
        limit: '20',
        processId: robot.processId,
        feedback: 'dislike',
      }),
    );
    await waitFor(() => expect(within(answersSection()).queryByText('Within how many days?')).toBeNull());

    fireEvent.click(screen.getByRole('radio', { name: 'Any feedback' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Not checked' }));
    await waitFor(() =>
      expect(answerQueries(requests).at(-1)).toEqual({
        offset: '0',
        limit: '20',
        processId: robot.processId,
        checked: 'false',
      }),
    );

    fireEvent.click(within(screen.getByRole('region', { name: 'Sessions' })).getByText('Opening hours'));
    await waitFor(() =>
      expect(answerQueries(requests).at(-1)).toEqual({
        offset: '0',
        limit: '20',
        processId: robot.processId,
        checked: 'false',
        sessionId: 'sB',
      }),
    );
    expect(await within(answersSection()).findByText('When do you open?')).toBeTruthy();
    expect(within(answersSection()).queryByText('Can I return shoes?')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show every session' }));
    await waitFor(() =>
      expect(answerQueries(requests).at(-1)).toEqual({
        offset: '0',
        limit: '20',
        processId: robot.processId,
        checked: 'false',
      }),
    );
  });

  it('hides the checked switch from operators', async () => {
    await openLogs({ role: 'operator' });
    await within(answersSection()).findByText('Can I return shoes?');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(within(answerRow('Within how many days?')).getByText('Checked')).toBeTruthy();
    expect(within(answerRow('Can I return shoes?')).getByText('Not checked')).toBeTruthy();
  });

  it.each(['agent', 'admin'] as const)('lets an %s mark an answer checked', async (role) => {
    const { requests } = await openLogs({ role });
    await within(answersSection()).findByText('Can I return shoes?');
    const toggle = within(answerRow('Can I return shoes?')).getByRole('switch', {
      name: 'Checked: Can I return shoes?',
    });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(within(answerRow('Can I return shoes?')).getByRole('switch').getAttribute('aria-checked')).toBe('true'),
    );
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.path).toBe('/v1/completions/a1/checked');
    expect(put.body).toEqual({ checked: true });
    // The click on the switch does not open the details.
    expect(screen.queryByText('Answer details')).toBeNull();
  });

  it('opens the details of an answer from the server', async () => {
    const { requests } = await openLogs({ role: 'agent' });
    fireEvent.click(await within(answersSection()).findByText('Can I return shoes?'));
    const sheet = within((await screen.findByText('Answer details')).closest('.semi-sidesheet') as HTMLElement);
    expect(await sheet.findByText('Too vague')).toBeTruthy();
    expect(sheet.getByText('120 (100 in, 20 out)')).toBeTruthy();
    expect(sheet.getByText('3 credits')).toBeTruthy();
    expect(requests.some((request) => request.method === 'GET' && request.path === '/v1/completions/a1')).toBe(true);
    fireEvent.click(sheet.getByRole('switch', { name: 'Checked' }));
    await waitFor(() =>
      expect(sheet.getByRole('switch', { name: 'Checked' }).getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close the details' }));
    await waitFor(() => expect(screen.queryByText('Too vague')).toBeNull());
  });

  it('shows what each node of the flow did for an answer, its input and output on demand', async () => {
    const long = 'x'.repeat(5000);
    await openLogs({
      traces: {
        a1: [
          {
            nodeId: 'start',
            type: 'start',
            status: 'ok',
            input: {},
            output: { question: 'Can I return shoes?' },
            ms: 0,
          },
          {
            nodeId: 'search_k3f9',
            type: 'knowledgeSearch',
            status: 'error',
            input: { query: 'Can I return shoes?' },
            output: { text: long },
            ms: 1200,
            error: { code: 'FLOW_NODE_TIMEOUT', message: 'The search took too long' },
          },
          { nodeId: 'reply_2', type: 'reply', status: 'skipped', input: null, output: null, ms: 3 },
        ],
      },
    });
    fireEvent.click(await within(answersSection()).findByText('Can I return shoes?'));
    const trace = within(await screen.findByRole('region', { name: 'Flow trace' }));
    expect(trace.getByText('3 nodes')).toBeTruthy();
    const items = trace.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('summary')!.textContent)).toEqual([
      '1.StartstartOK0 ms',
      '2.Knowledge searchsearch_k3f9Failed1.2 s',
      '3.Replyreply_2Skipped3 ms',
    ]);
    const search = within(items[1]!);
    fireEvent.click(search.getByText('Knowledge search'));
    expect(search.getByText('FLOW_NODE_TIMEOUT: The search took too long')).toBeTruthy();
    const [input, output] = items[1]!.querySelectorAll('pre');
    expect(JSON.parse(input!.textContent!)).toEqual({ query: 'Can I return shoes?' });
    // A long value is cut, with a mark saying so.
    expect(output!.textContent!.length).toBeLessThan(2100);
    expect(output!.textContent!.endsWith('…')).toBe(true);
  });

  it('shows no trace for an answer without one', async () => {
    await openLogs();
    fireEvent.click(await within(answersSection()).findByText('Can I return shoes?'));
    expect(await screen.findByText('Too vague')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Flow trace' })).toBeNull();
  });

  it('shows an error with Retry when the answers cannot be loaded', async () => {
    await openLogs({ fail: true });
    expect(await screen.findByText('The answers could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    expect(within(answersSection()).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
