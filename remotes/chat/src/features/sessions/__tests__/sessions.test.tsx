import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeChatServer, makeCompletion, makeSession } from '../../../test-utils/fake-chat-server';
import { renderStandalone, VISITOR } from '../../../test-utils/render-chat';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { $conversations } from '../../messages/messages.model';
import {
  $sessions,
  conversationOpened,
  createSessionFx,
  loadSessionsFx,
  newChatClicked,
  questionAnswered,
} from '../sessions.model';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const target: ChatTarget = { kind: 'visitor', shareId: 'abc123', userId: VISITOR };
const key = chatKeyOf(target);
const titles = () =>
  within(screen.getByRole('navigation', { name: 'Conversations' }))
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('button')[0].textContent);

describe('sessions model', () => {
  it('puts a new chat at the top and makes it active, with an empty conversation', async () => {
    const scope = fork({
      handlers: [
        [loadSessionsFx, async () => ({ list: [makeSession({ sessionId: 's-1' })], total: 1 })],
        [createSessionFx, async () => makeSession({ sessionId: 's-2', title: '' })],
      ],
    });
    await allSettled(conversationOpened, { scope, params: target });

    await allSettled(newChatClicked, { scope, params: target });

    const state = scope.getState($sessions)[key];
    expect(state.list.map((s) => s.sessionId)).toEqual(['s-2', 's-1']);
    expect(state.activeId).toBe('s-2');
    expect(state.total).toBe(2);
    expect(scope.getState($conversations)[key]).toMatchObject({ sessionId: 's-2', pairs: [], status: 'ready' });
  });

  it('keeps a session an answer created on top when the first page arrives after it', async () => {
    let answer: (page: { list: ReturnType<typeof makeSession>[]; total: number }) => void = () => {};
    const scope = fork({ handlers: [[loadSessionsFx, () => new Promise((resolve) => (answer = resolve))]] });
    const opened = allSettled(conversationOpened, { scope, params: target });

    // Both settle only once the page arrives; the answer's session is in before it.
    const answered = allSettled(questionAnswered, {
      scope,
      params: { target, sessionId: 's-9', question: 'Hi', created: true, at: '2026-11-26T00:00:00.000Z' },
    });
    answer({ list: [makeSession({ sessionId: 's-1' })], total: 1 });
    await Promise.all([opened, answered]);

    expect(scope.getState($sessions)[key].list.map((s) => s.sessionId)).toEqual(['s-9', 's-1']);
    expect(scope.getState($sessions)[key].activeId).toBe('s-9');
  });
});

describe('sessions list', () => {
  it('lists the visitor’s sessions and opens one, its newest page of messages oldest first', async () => {
    const server = fakeChatServer({
      sessions: [
        makeSession({ sessionId: 's-1', title: 'Refund question' }),
        makeSession({ sessionId: 's-2', title: 'Delivery' }),
      ],
      completions: {
        's-1': [makeCompletion({ id: 'c-2', sessionId: 's-1' }), makeCompletion({ id: 'c-1', sessionId: 's-1' })],
      },
    });
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    await waitFor(() => expect(titles()).toEqual(['Refund question', 'Delivery']));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refund question' }));
    });

    await screen.findByText('Question c-2');
    const texts = screen.getAllByTestId('answer').map((answer) => answer.textContent);
    expect(texts).toEqual(['Answer c-1', 'Answer c-2']);
    expect(screen.getByRole('button', { name: 'Refund question' }).getAttribute('aria-current')).toBe('true');
    const [list] = server.calls('GET', /\/completions$/);
    expect(list.path).toBe(`/v1/chat/users/${VISITOR}/sessions/s-1/completions`);
    expect(list.query.toString()).toBe('shareId=abc123&offset=0&limit=10');
    // Not an empty conversation: no suggestions.
    expect(screen.queryByRole('region', { name: 'You can ask me' })).toBeNull();
  });

  it('"New chat" creates a session at the top of the history and makes it active', async () => {
    const server = fakeChatServer({ sessions: [makeSession({ sessionId: 's-1', title: 'Refund question' })] });
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    await waitFor(() => expect(titles()).toEqual(['Refund question']));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    });

    await waitFor(() => expect(titles()).toEqual(['New conversation', 'Refund question']));
    expect(screen.getByRole('button', { name: 'New conversation' }).getAttribute('aria-current')).toBe('true');
    expect(server.calls('POST', /^\/v1\/chat\/sessions$/)[0].body).toEqual({ shareId: 'abc123', userId: VISITOR });
    // The next question goes into it.
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Hi' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)[0]?.body).toMatchObject({ sessionId: 's-new-1' }));
  });

  it('renames a session in place', async () => {
    const server = fakeChatServer({ sessions: [makeSession({ sessionId: 's-1', title: 'Refund question' })] });
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename “Refund question”' }));

    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    fireEvent.change(input, { target: { value: '  Refund for order 12  ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });

    await waitFor(() => expect(titles()).toEqual(['Refund for order 12']));
    expect(server.calls('PUT', /^\/v1\/chat\/sessions$/)[0].body).toEqual({
      shareId: 'abc123',
      userId: VISITOR,
      sessionId: 's-1',
      title: 'Refund for order 12',
    });
  });

  it('loads 40 at a time and more on demand', async () => {
    const many = Array.from({ length: 45 }, (_, i) => makeSession({ sessionId: `s-${i + 1}`, title: `Chat ${i + 1}` }));
    const server = fakeChatServer({ sessions: many });
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    await waitFor(() => expect(titles()).toHaveLength(40));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    });

    await waitFor(() => expect(titles()).toHaveLength(45));
    expect(server.calls('GET', /chat\/session$/).map((r) => r.query.get('offset'))).toEqual(['0', '40']);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says why the sessions did not load, and retries', async () => {
    const server = fakeChatServer({ sessions: [makeSession({ sessionId: 's-1', title: 'Refund question' })] });
    server.failNext('GET', /chat\/session$/, { status: 500, body: { code: 'INTERNAL', message: 'Server broke' } });
    renderStandalone('/chat/abc123', { visitor: VISITOR });

    expect((await screen.findByText('Server broke')).closest('[role="alert"]')).toBeTruthy();
    await act(async () => {
      fireEvent.click(
        within(screen.getByRole('navigation', { name: 'Conversations' })).getByRole('button', { name: 'Retry' }),
      );
    });
    await waitFor(() => expect(titles()).toEqual(['Refund question']));
  });
});
