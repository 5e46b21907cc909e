import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@flotilla/shared';
import { fakeChatServer, makeCompletion, makeSession } from '../../../test-utils/fake-chat-server';
import { renderStandalone, VISITOR } from '../../../test-utils/render-chat';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { $conversations, loadCompletionsFx } from '../../messages/messages.model';
import { conversationShown, readActiveSessionFx, rememberActiveSessionFx } from '../resume.model';
import { $sessions, loadSessionsFx } from '../sessions.model';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Where the page keeps the session on screen for this share and visitor. */
const STORED = `flotilla-chat-active-session:share:abc123:${VISITOR}`;

async function ask(question: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Message' }), { target: { value: question } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

/** A reload: the page's state is gone (a new scope), the browser's storage and the server's sessions stay. */
function reload(path = '/chat/abc123') {
  cleanup();
  return renderStandalone(path, { visitor: VISITOR });
}

const answerTexts = () => screen.getAllByTestId('answer').map((answer) => answer.textContent);

describe('coming back after a reload', () => {
  it('shows the conversation the visitor was in, with its messages, and "New chat" still starts another', async () => {
    const server = fakeChatServer();
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    await ask('Where is my order?');
    await waitFor(() => expect(server.answers).toHaveLength(1));
    await act(async () => {
      server.answer.push(
        { type: 'delta', text: 'It ships today.' },
        {
          type: 'done',
          completionId: 'c-1',
          sessionId: 's-7',
          citations: [],
          usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
        },
      );
      server.answer.end();
    });
    await waitFor(() => expect(localStorage.getItem(STORED)).toBe('s-7'));
    // What the server kept of that conversation.
    server.sessions.unshift(makeSession({ sessionId: 's-7', title: 'Where is my order?' }));
    server.completions['s-7'] = [
      makeCompletion({ id: 'c-1', sessionId: 's-7', question: 'Where is my order?', answer: 'It ships today.' }),
    ];

    reload();

    expect(
      await screen.findByText('Where is my order?', { selector: '.flc-bubble--user *, .flc-bubble--user' }),
    ).toBeTruthy();
    await waitFor(() => expect(answerTexts()).toEqual(['It ships today.']));
    expect(server.calls('GET', /\/sessions\/s-7\/completions$/)).toHaveLength(1);
    const sessions = screen.getByRole('navigation', { name: 'Conversations' });
    await waitFor(() =>
      expect(within(sessions).getByRole('button', { name: 'Where is my order?' }).getAttribute('aria-current')).toBe(
        'true',
      ),
    );
    // The next question continues it.
    await ask('And when does it arrive?');
    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/).at(-1)?.body).toMatchObject({ sessionId: 's-7' }));
    await act(async () => {
      server.answer.push({
        type: 'done',
        completionId: 'c-2',
        sessionId: 's-7',
        citations: [],
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
      });
      server.answer.end();
    });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'New chat' }));
    });
    await waitFor(() => expect(localStorage.getItem(STORED)).toBe('s-new-1'));
    expect(screen.queryAllByTestId('answer')).toEqual([]);
  });

  it('starts a new conversation, without an error, when the kept session no longer exists', async () => {
    localStorage.setItem(STORED, 's-gone');
    const server = fakeChatServer({ sessions: [makeSession({ sessionId: 's-1', title: 'Older chat' })] });
    server.failNext('GET', /\/sessions\/s-gone\/completions$/, {
      status: 404,
      body: { code: 'SESSION_NOT_FOUND', message: 'Chat session not found' },
    });

    renderStandalone('/chat/abc123', { visitor: VISITOR });

    await waitFor(() => expect(server.calls('GET', /\/sessions\/s-gone\/completions$/)).toHaveLength(1));
    expect(await screen.findByTestId('welcome')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(STORED)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'You can ask me' })).toBeTruthy();
    await ask('Hello again');
    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).not.toHaveProperty('sessionId');
  });

  it('asks the link’s prompt in a new conversation rather than going back to the kept one', async () => {
    localStorage.setItem(STORED, 's-7');
    const server = fakeChatServer({ completions: { 's-7': [makeCompletion({ id: 'c-1', sessionId: 's-7' })] } });

    renderStandalone('/chat/abc123?prompt=Do%20you%20ship%20abroad%3F', { visitor: VISITOR });

    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).toMatchObject({ question: 'Do you ship abroad?' });
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).not.toHaveProperty('sessionId');
    expect(server.calls('GET', /\/completions$/)).toEqual([]);
    expect(screen.getByText('Do you ship abroad?')).toBeTruthy();
  });
});

describe('resume model', () => {
  const target: ChatTarget = { kind: 'visitor', shareId: 'abc123', userId: VISITOR };
  const key = chatKeyOf(target);

  it('puts the kept session on screen, and a new conversation in its place once the server says it is gone', async () => {
    const remembered: Array<string | null> = [];
    const scope = fork({
      handlers: [
        [readActiveSessionFx, () => 's-gone'],
        [rememberActiveSessionFx, ({ sessionId }: { sessionId: string | null }) => void remembered.push(sessionId)],
        [
          loadSessionsFx,
          async () => ({ list: [makeSession({ sessionId: 's-gone' }), makeSession({ sessionId: 's-1' })], total: 2 }),
        ],
        [
          loadCompletionsFx,
          async () => Promise.reject(new HttpError(404, 'SESSION_NOT_FOUND', 'Chat session not found', null)),
        ],
      ],
    });

    await allSettled(conversationShown, { scope, params: target });

    expect(scope.getState($conversations)[key]).toMatchObject({
      sessionId: null,
      pairs: [],
      status: 'ready',
      failure: null,
    });
    expect(scope.getState($sessions)[key]).toMatchObject({ activeId: null, total: 1 });
    expect(scope.getState($sessions)[key].list.map((session) => session.sessionId)).toEqual(['s-1']);
    expect(remembered).toEqual(['s-gone', null]);
  });

  it('keeps a failure that is not a missing session on screen, to retry', async () => {
    const scope = fork({
      handlers: [
        [readActiveSessionFx, () => 's-1'],
        [rememberActiveSessionFx, () => undefined],
        [loadSessionsFx, async () => ({ list: [], total: 0 })],
        [loadCompletionsFx, async () => Promise.reject(new HttpError(0, 'NETWORK', 'Network error', null))],
      ],
    });

    await allSettled(conversationShown, { scope, params: target });

    expect(scope.getState($conversations)[key]).toMatchObject({ sessionId: 's-1', status: 'error' });
    expect(scope.getState($sessions)[key].activeId).toBe('s-1');
  });
});
