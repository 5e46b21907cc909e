import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeChatServer, makeCompletion, makeSession } from '../../../test-utils/fake-chat-server';
import { renderStandalone, VISITOR } from '../../../test-utils/render-chat';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { $conversations, deleteCompletionFx, deletePairConfirmed, INITIAL_CONVERSATION } from '../messages.model';
import type { ChatPair } from '../lib/pairs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Fifteen pairs, newest first as the server keeps them: c-15 … c-1. */
const fifteen = Array.from({ length: 15 }, (_, i) => makeCompletion({ id: `c-${15 - i}`, sessionId: 's-1' }));

async function openSession(server: ReturnType<typeof fakeChatServer>) {
  renderStandalone('/chat/abc123', { visitor: VISITOR });
  const session = await screen.findByRole('button', { name: 'Session s-1' });
  await act(async () => {
    fireEvent.click(session);
  });
  await screen.findAllByTestId('answer');
  return server;
}

const answers = () => screen.getAllByTestId('answer').map((answer) => answer.textContent?.trim());
const messages = () => screen.getByRole('main', { name: 'Conversation' });

describe('messages of a session', () => {
  it('loads the older page when the visitor scrolls to the top, above the ones shown', async () => {
    const server = await openSession(
      fakeChatServer({ sessions: [makeSession({ sessionId: 's-1' })], completions: { 's-1': fifteen } }),
    );
    expect(answers()).toEqual(Array.from({ length: 10 }, (_, i) => `Answer c-${i + 6}`));

    // Scrolling down does nothing; reaching the top loads the previous page.
    messages().scrollTop = 500;
    fireEvent.scroll(messages());
    expect(server.calls('GET', /\/completions$/)).toHaveLength(1);
    await act(async () => {
      messages().scrollTop = 0;
      fireEvent.scroll(messages());
    });

    await waitFor(() => expect(answers()).toHaveLength(15));
    expect(answers().slice(0, 6)).toEqual([
      'Answer c-1',
      'Answer c-2',
      'Answer c-3',
      'Answer c-4',
      'Answer c-5',
      'Answer c-6',
    ]);
    expect(server.calls('GET', /\/completions$/).map((r) => r.query.get('offset'))).toEqual(['0', '10']);
    // All of the session is here: no more pages.
    expect(screen.queryByRole('button', { name: 'Earlier messages' })).toBeNull();
    fireEvent.scroll(messages());
    expect(server.calls('GET', /\/completions$/)).toHaveLength(2);
  });

  it('keeps the messages on screen in place while older ones go in above', async () => {
    await openSession(
      fakeChatServer({ sessions: [makeSession({ sessionId: 's-1' })], completions: { 's-1': fifteen } }),
    );
    const area = messages();
    let height = 1000;
    Object.defineProperty(area, 'scrollHeight', { configurable: true, get: () => height });
    area.scrollTop = 10;

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Earlier messages' }));
      // The older page makes the content 600 px taller.
      height = 1600;
    });

    await waitFor(() => expect(answers()).toHaveLength(15));
    // 600 px went in above: the view moved down by as much.
    expect(area.scrollTop).toBe(610);
  });

  it('deletes a pair on the server first, and removes it here only once the server agreed', async () => {
    const server = await openSession(
      fakeChatServer({
        sessions: [makeSession({ sessionId: 's-1' })],
        completions: {
          's-1': [makeCompletion({ id: 'c-2', sessionId: 's-1' }), makeCompletion({ id: 'c-1', sessionId: 's-1' })],
        },
      }),
    );
    server.failNext('DELETE', /\/completions\/c-1$/, {
      status: 500,
      body: { code: 'INTERNAL', message: 'Could not delete' },
    });
    const first = screen.getAllByRole('toolbar', { name: 'Answer actions' })[0];

    fireEvent.click(within(first).getByRole('button', { name: 'Delete question and answer' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });

    // The server refused: the pair stays, and the chat says why.
    expect((await screen.findByText('Could not delete')).closest('[role="alert"]')).toBeTruthy();
    expect(answers()).toEqual(['Answer c-1', 'Answer c-2']);

    fireEvent.click(
      within(screen.getAllByRole('toolbar', { name: 'Answer actions' })[0]).getByRole('button', {
        name: 'Delete question and answer',
      }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });

    await waitFor(() => expect(answers()).toEqual(['Answer c-2']));
    const deletes = server.calls('DELETE');
    expect(deletes).toHaveLength(2);
    expect(deletes[1].path).toBe(`/v1/users/${VISITOR}/sessions/s-1/completions/c-1`);
    expect(deletes[1].query.toString()).toBe('shareId=abc123');
    expect(server.completions['s-1'].map((c) => c.id)).toEqual(['c-2']);
  });

  it('asks before deleting, and Cancel keeps the pair', async () => {
    const server = await openSession(
      fakeChatServer({
        sessions: [makeSession({ sessionId: 's-1' })],
        completions: { 's-1': [makeCompletion({ id: 'c-15', sessionId: 's-1' })] },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete question and answer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE')).toEqual([]);
    expect(answers()).toEqual(['Answer c-15']);
  });

  it('likes an answer, adds a comment, and takes the like back', async () => {
    const server = await openSession(
      fakeChatServer({
        sessions: [makeSession({ sessionId: 's-1' })],
        completions: { 's-1': [makeCompletion({ id: 'c-15', sessionId: 's-1' })] },
      }),
    );
    const like = screen.getByRole('button', { name: 'Helpful' });

    await act(async () => {
      fireEvent.click(like);
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('true'),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'What was good? (optional)' }), {
      target: { value: 'Clear and quick' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    });
    await waitFor(() => expect(server.calls('PUT', /feedback$/)).toHaveLength(2));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Helpful' }));
    });

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('false'),
    );
    const feedback = server.calls('PUT', /feedback$/);
    expect(feedback.map((r) => r.path)).toEqual(Array(3).fill('/v1/completions/c-15/feedback'));
    expect(feedback.map((r) => r.body)).toEqual([
      { shareId: 'abc123', userId: VISITOR, feedback: 'like', text: '' },
      { shareId: 'abc123', userId: VISITOR, feedback: 'like', text: 'Clear and quick' },
      { shareId: 'abc123', userId: VISITOR, feedback: null, text: '' },
    ]);
  });

  it('shows a dislike the server kept, and says when feedback fails', async () => {
    const server = await openSession(
      fakeChatServer({
        sessions: [makeSession({ sessionId: 's-1' })],
        completions: { 's-1': [makeCompletion({ id: 'c-15', sessionId: 's-1', feedback: 'dislike' })] },
      }),
    );
    expect(screen.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true');
    server.failNext('PUT', /feedback$/, {
      status: 404,
      body: { code: 'COMPLETION_NOT_FOUND', message: 'This answer no longer exists' },
    });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Helpful' }));
    });

    expect(await screen.findByText('This answer no longer exists')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('deleting, in the model', () => {
  const target: ChatTarget = { kind: 'visitor', shareId: 'abc123', userId: VISITOR };
  const key = chatKeyOf(target);
  const pair = (patch: Partial<ChatPair>): ChatPair => ({
    localId: 'l-1',
    id: 'c-1',
    question: 'Q',
    images: [],
    files: [],
    answer: 'A',
    citations: [],
    status: 'done',
    failure: null,
    feedback: null,
    feedbackText: '',
    createdAt: '2026-11-26T00:00:00.000Z',
    ...patch,
  });

  it('never asks the server about a pair without an id, and keeps it', async () => {
    const remove = vi.fn(async () => ({ ok: true }));
    const scope = fork({
      values: [
        [
          $conversations,
          {
            [key]: {
              ...INITIAL_CONVERSATION,
              sessionId: 's-1',
              pairs: [pair({ localId: 'l-1', id: null, status: 'stopped' })],
            },
          },
        ],
      ],
      handlers: [[deleteCompletionFx, remove]],
    });

    await allSettled(deletePairConfirmed, { scope, params: { target, localId: 'l-1' } });

    expect(remove).not.toHaveBeenCalled();
    expect(scope.getState($conversations)[key].pairs).toHaveLength(1);
  });

  it('keeps the pair while the server is deciding', async () => {
    let agree: () => void = () => {};
    const scope = fork({
      values: [
        [
          $conversations,
          { [key]: { ...INITIAL_CONVERSATION, sessionId: 's-1', total: 1, offset: 1, pairs: [pair({})] } },
        ],
      ],
      handlers: [[deleteCompletionFx, () => new Promise<unknown>((resolve) => (agree = () => resolve({ ok: true })))]],
    });

    const deleting = allSettled(deletePairConfirmed, { scope, params: { target, localId: 'l-1' } });
    expect(scope.getState($conversations)[key]).toMatchObject({ deletingIds: ['c-1'], pairs: [{ id: 'c-1' }] });
    agree();
    await deleting;

    expect(scope.getState($conversations)[key]).toMatchObject({ deletingIds: [], pairs: [], total: 0, offset: 0 });
  });
});
