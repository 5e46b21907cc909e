import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DeleteComparison,
  GetComparisonDetail,
  ListCaseFiles,
  ListComparisons,
  ListRobots,
  StartComparison,
  type ComparisonDetail,
  type ComparisonSummary,
  type Robot,
  type StartComparisonBody,
} from '@flotilla/shared';
import { fakeApi, on, refuse, renderInShell, testScope, type Refusal } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { makeRobot } from '../../../test/fake-cases-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function summary(patch: Partial<ComparisonSummary> = {}): ComparisonSummary {
  return {
    id: 'cmp1',
    name: 'FAQ check',
    status: 'done',
    processId: 'p1',
    processName: 'Sales robot',
    compareProcessId: 'p2',
    compareProcessName: 'Service robot',
    score: 0.9,
    compareScore: 0.45,
    questionCount: 2,
    answeredCount: 2,
    betterCount: 1,
    worseCount: 0,
    progress: 1,
    createdAt: '2024-05-01T08:00:00.000Z',
    finishedAt: '2024-05-01T08:05:00.000Z',
    ...patch,
  };
}

function detailOf(patch: Partial<ComparisonSummary> = {}): ComparisonDetail {
  return {
    ...summary(patch),
    items: [
      {
        position: 0,
        question: 'How long is the warranty?',
        expected: 'Two years.',
        answer: 'Two years. [1]',
        score: 0.8,
        compareAnswer: 'Sorry, I do not know.',
        compareScore: 0,
      },
      {
        position: 1,
        question: 'Do you ship abroad?',
        expected: 'Yes, to 20 countries.',
        answer: 'Yes, to 20 countries.',
        score: 1,
        compareAnswer: 'Yes, to twenty countries.',
        compareScore: 0.9,
      },
    ],
  };
}

type State = { list: ComparisonSummary[]; detail?: ComparisonDetail; started?: StartComparisonBody[] };

function fakeComparisons(state: State, fail?: () => Refusal | undefined) {
  const robots: Robot[] = [makeRobot('p1', 'Sales robot'), makeRobot('p2', 'Service robot')];
  return fakeApi([
    on(ListComparisons, ({ query }) => {
      const refused = fail?.();
      if (refused) return refused;
      const list = state.list.filter((item) => !query.status || item.status === query.status);
      return { list, total: list.length };
    }),
    on(GetComparisonDetail, ({ body }) =>
      state.detail?.id === body.id ? state.detail : refuse(404, 'COMPARISON_NOT_FOUND', 'Comparison not found'),
    ),
    on(StartComparison, ({ body }) => {
      (state.started ??= []).push(body);
      state.detail = detailOf({ id: 'cmp-new', name: 'New one', status: 'done' });
      state.list = [summary({ id: 'cmp-new', name: 'New one' }), ...state.list];
      return { id: 'cmp-new' };
    }),
    on(DeleteComparison, ({ params }) => {
      state.list = state.list.filter((item) => item.id !== params.id);
      return { ok: true as const };
    }),
    on(ListRobots, () => ({ list: robots, total: robots.length })),
    on(ListCaseFiles, () => ({ list: [], total: 0 })),
  ]);
}

/** Opens a Semi select and clicks the option reading `text` (its dropdown sits outside the dialog). */
async function pick(combobox: HTMLElement, text: string) {
  fireEvent.click(combobox);
  const options = await screen.findAllByRole('option', { hidden: true });
  const option = options.find((o) => o.textContent === text);
  if (!option) throw new Error(`no option ${text}: ${options.map((o) => o.textContent).join(', ')}`);
  fireEvent.click(option);
  await waitFor(() => expect(combobox.textContent).toContain(text));
  await waitFor(() => expect(screen.queryAllByRole('option', { hidden: true })).toHaveLength(0));
}

describe('comparisons page', () => {
  it('explains comparisons when there are none', async () => {
    fakeComparisons({ list: [] });
    renderInShell(<App />, { path: '/case/comparison', scope: testScope('operator') });
    expect(await screen.findByText('No comparisons yet')).toBeTruthy();
  });

  it('lists comparisons with their robots, status and both scores', async () => {
    fakeComparisons({
      list: [summary(), summary({ id: 'cmp2', name: 'Nightly', status: 'running', score: null, compareScore: null })],
    });
    renderInShell(<App />, { path: '/case/comparison', scope: testScope('operator') });
    const row = (await screen.findByText('FAQ check')).closest('tr')!;
    expect(within(row).getByText('Sales robot')).toBeTruthy();
    expect(within(row).getByText(/Service robot/)).toBeTruthy();
    expect(within(row).getByText('Done')).toBeTruthy();
    expect(within(row).getByText('90%')).toBeTruthy();
    expect(within(row).getByText('45%')).toBeTruthy();
    expect(within(screen.getByText('Nightly').closest('tr')!).getByText('Running')).toBeTruthy();
    expect(screen.getByText('2 comparisons')).toBeTruthy();
  });

  it('shows an error with Retry when the list fails', async () => {
    let failing = true;
    fakeComparisons({ list: [summary()] }, () =>
      failing ? refuse(500, 'INTERNAL', 'Internal server error') : undefined,
    );
    renderInShell(<App />, { path: '/case/comparison', scope: testScope('operator') });
    expect(await screen.findByText('The comparisons could not be loaded')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('FAQ check')).toBeTruthy();
  });

  it('opens a comparison side by side: both answers, scores, better and worse marks, aggregates', async () => {
    fakeComparisons({ list: [summary()], detail: detailOf() });
    renderInShell(<App />, { path: '/case/comparison?id=cmp1', scope: testScope('operator') });
    const first = await screen.findByRole('article', { name: 'Question 1' });
    expect(within(first).getByText('1. How long is the warranty?')).toBeTruthy();
    expect(within(first).getByText('Two years.')).toBeTruthy();
    const mine = within(first).getByRole('region', { name: 'Sales robot' });
    const theirs = within(first).getByRole('region', { name: 'Service robot' });
    expect(within(mine).getByText('Two years. [1]')).toBeTruthy();
    expect(within(mine).getByText('Better')).toBeTruthy();
    expect(within(mine).getByLabelText('Score: 80%')).toBeTruthy();
    expect(within(theirs).getByText('Sorry, I do not know.')).toBeTruthy();
    expect(within(theirs).getByText('Worse')).toBeTruthy();
    expect(within(theirs).getByLabelText('Score: 0%')).toBeTruthy();
    // Aggregates: both means, and how often the first robot did better or worse.
    expect(screen.getByLabelText('Sales robot: 90%')).toBeTruthy();
    expect(screen.getByLabelText('Service robot: 45%')).toBeTruthy();
    expect(screen.getByText('Sales robot better').nextSibling?.textContent).toBe('1');
    expect(screen.getByText('Sales robot worse').nextSibling?.textContent).toBe('0');
    expect(screen.getByText('2 of 2')).toBeTruthy();
  });

  it('says so when the comparison does not exist', async () => {
    fakeComparisons({ list: [] });
    renderInShell(<App />, { path: '/case/comparison?id=gone', scope: testScope('operator') });
    expect(await screen.findByText('This comparison does not exist')).toBeTruthy();
  });

  it('starts a comparison of pasted questions and opens it', async () => {
    const state: State = { list: [] };
    fakeComparisons(state);
    renderInShell(<App />, { path: '/case/comparison', scope: testScope('operator') });
    fireEvent.click(await screen.findByRole('button', { name: 'New comparison' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByText('Pick the robot to evaluate.')).toBeTruthy();

    await pick(within(dialog).getByRole('combobox', { name: 'Robot' }), 'Sales robot');
    await pick(within(dialog).getByRole('combobox', { name: 'Compare with' }), 'Service robot');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Questions' }), {
      target: { value: 'How long is the warranty?\tTwo years.\n\nDo you ship abroad? | Yes' },
    });
    expect(within(dialog).getByText('2 questions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));

    await waitFor(() => expect(state.started).toBeDefined());
    expect(await screen.findByRole('article', { name: 'Question 1' })).toBeTruthy();
    expect(state.started).toEqual([
      {
        processId: 'p1',
        compareProcessId: 'p2',
        questions: [
          { question: 'How long is the warranty?', expected: 'Two years.' },
          { question: 'Do you ship abroad?', expected: 'Yes' },
        ],
      },
    ]);
  });

  it('deletes a comparison from its page and goes back to the list', async () => {
    const state: State = { list: [summary()], detail: detailOf() };
    fakeComparisons(state);
    renderInShell(<App />, { path: '/case/comparison?id=cmp1', scope: testScope('operator') });
    await screen.findByRole('article', { name: 'Question 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' }).length).toBe(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' }).at(-1)!);
    expect(await screen.findByText('No comparisons yet')).toBeTruthy();
    await waitFor(() => expect(state.list).toEqual([]));
  });
});
