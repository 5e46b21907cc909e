import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeChatServer, makeSession } from '../../../test-utils/fake-chat-server';
import { renderStandalone, VISITOR } from '../../../test-utils/render-chat';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const citation = {
  index: 1,
  segmentId: 'seg-1',
  fileName: 'returns-policy.pdf',
  datasetId: 'd1',
  text: 'Items can be returned within 30 days.',
};

async function openChat(path = '/chat/abc123') {
  const view = renderStandalone(path, { visitor: VISITOR });
  await screen.findByRole('textbox', { name: 'Message' });
  return view;
}

async function ask(question: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: question } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

/** The titles of the sessions list, top first. */
const sessionTitles = (sessions: HTMLElement) =>
  within(sessions)
    .getAllByRole('listitem')
    .map((item) => within(item).getAllByRole('button')[0].textContent);

/** The assistant bubble of the latest answer. */
const lastAnswer = () => screen.getAllByTestId('answer').at(-1) as HTMLElement;

describe('asking', () => {
  it('streams the answer into the message, then shows it done with its sources and actions', async () => {
    const server = fakeChatServer();
    await openChat();

    await ask('How do I return an item?');
    await waitFor(() => expect(server.answers).toHaveLength(1));
    const [qa] = server.calls('POST', /^\/v2\/qa$/);
    expect(qa.body).toEqual({
      shareId: 'abc123',
      visitorId: VISITOR,
      question: 'How do I return an item?',
      stream: true,
    });
    expect(screen.getByText('How do I return an item?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop answering' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');

    await act(async () => server.answer.push({ type: 'delta', text: 'You can return ' }));
    await waitFor(() => expect(lastAnswer().textContent).toContain('You can return'));
    expect(within(lastAnswer()).getByRole('status', { name: 'Answering…' })).toBeTruthy();

    await act(async () => {
      server.answer.push(
        { type: 'delta', text: 'items within **30 days** [1].' },
        {
          type: 'done',
          completionId: 'c-1',
          sessionId: 's-1',
          citations: [citation],
          usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
        },
      );
      server.answer.end();
    });

    await waitFor(() => expect(screen.queryByRole('status', { name: 'Answering…' })).toBeNull());
    // Markdown, once its renderer has loaded.
    await waitFor(() => expect(lastAnswer().querySelector('strong')?.textContent).toBe('30 days'));
    expect(lastAnswer().textContent).toContain('You can return items within 30 days [1].');
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Helpful' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete question and answer' })).toBeTruthy();

    // A source chip shows its passage and file name.
    fireEvent.click(screen.getByRole('button', { name: 'Source 1: returns-policy.pdf' }));
    const passage = screen.getByRole('region', { name: 'Passage of source 1' });
    expect(passage.textContent).toContain('returns-policy.pdf');
    expect(passage.textContent).toContain('Items can be returned within 30 days.');
  });

  it('puts the session the first question created at the top of the list, active, and asks the next question in it', async () => {
    const server = fakeChatServer({ sessions: [makeSession({ sessionId: 's-old', title: 'Earlier chat' })] });
    await openChat();
    const sessions = screen.getByRole('navigation', { name: 'Conversations' });
    await within(sessions).findByRole('button', { name: 'Earlier chat' });

    await ask('Where is my order number 12345 and when will it arrive?');
    await waitFor(() => expect(server.answers).toHaveLength(1));
    await act(async () => {
      server.answer.push({
        type: 'done',
        completionId: 'c-1',
        sessionId: 's-1',
        citations: [],
        usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      });
      server.answer.end();
    });

    await waitFor(() => expect(sessionTitles(sessions)).toEqual(['Where is my order number 12345…', 'Earlier chat']));
    expect(
      within(sessions).getByRole('button', { name: 'Where is my order number 12345…' }).getAttribute('aria-current'),
    ).toBe('true');

    await ask('And the invoice?');
    await waitFor(() => expect(server.answers).toHaveLength(2));
    expect(server.calls('POST', /^\/v2\/qa$/)[1].body).toMatchObject({
      sessionId: 's-1',
      question: 'And the invoice?',
    });
  });

  it('Stop aborts the answer: the request is cancelled and the message says it stopped', async () => {
    const server = fakeChatServer();
    await openChat();
    await ask('Tell me everything');
    await waitFor(() => expect(server.answers).toHaveLength(1));
    await act(async () => server.answer.push({ type: 'delta', text: 'Well, first' }));
    await waitFor(() => expect(lastAnswer().textContent).toContain('Well, first'));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop answering' }));
    });

    await waitFor(() => expect(server.answer.aborted).toBe(true));
    expect(await within(lastAnswer()).findByText('Stopped.')).toBeTruthy();
    expect(lastAnswer().textContent).toContain('Well, first');
    expect(screen.queryByRole('status', { name: 'Answering…' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    // Without a completion id there is nothing to rate or delete on the server.
    expect(screen.queryByRole('button', { name: 'Delete question and answer' })).toBeNull();
  });

  it('finds the session a stopped first answer was saved in, and asks the next question there', async () => {
    const server = fakeChatServer({ sessions: [makeSession({ sessionId: 's-old', title: 'Earlier chat' })] });
    await openChat();
    const sessions = screen.getByRole('navigation', { name: 'Conversations' });
    await within(sessions).findByRole('button', { name: 'Earlier chat' });
    await ask('Tell me everything');
    await waitFor(() => expect(server.answers).toHaveLength(1));
    // The server made the session before it answered.
    server.sessions.unshift(makeSession({ sessionId: 's-77', title: 'Tell me everything' }));

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop answering' }));
    });

    await waitFor(() => expect(sessionTitles(sessions)).toEqual(['Tell me everything', 'Earlier chat']));
    expect(within(sessions).getByRole('button', { name: 'Tell me everything' }).getAttribute('aria-current')).toBe(
      'true',
    );
    expect(screen.getByText('Tell me everything', { selector: '.flc-bubble__text' })).toBeTruthy();
    await ask('Go on');
    await waitFor(() => expect(server.answers).toHaveLength(2));
    expect(server.calls('POST', /^\/v2\/qa$/)[1].body).toMatchObject({ sessionId: 's-77' });
  });

  it('shows the message of an error event under what had arrived, never a spinner', async () => {
    const server = fakeChatServer();
    await openChat();
    await ask('Hello?');
    await waitFor(() => expect(server.answers).toHaveLength(1));

    await act(async () => {
      server.answer.push(
        { type: 'delta', text: 'Partial' },
        { type: 'error', code: 'PROVIDER_ERROR', message: 'The model provider failed to answer.' },
      );
      server.answer.end();
    });

    expect((await within(lastAnswer()).findByRole('alert')).textContent).toBe('The model provider failed to answer.');
    expect(lastAnswer().textContent).toContain('Partial');
    expect(screen.queryByRole('status', { name: 'Answering…' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it.each([
    [
      429,
      { code: 'RATE_LIMITED', message: 'Too many requests' },
      'Too many questions in a short time. Please wait a moment and try again.',
    ],
    [
      400,
      { code: 'INSUFFICIENT_CREDITS', message: 'Insufficient credits' },
      'This assistant cannot answer right now: its credits have run out.',
    ],
    [
      402,
      { code: 'PAYMENT_REQUIRED', message: 'Payment required' },
      'This assistant cannot answer right now: its credits have run out.',
    ],
    [
      404,
      { code: 'SHARE_NOT_FOUND', message: 'Share not found' },
      'This chat link no longer exists or has been disabled.',
    ],
  ])('shows what an HTTP %i means in the chat', async (status, body, shown) => {
    const server = fakeChatServer();
    server.qa = () => ({ status, body });
    await openChat();

    await ask('Hello?');

    expect((await within(lastAnswer()).findByRole('alert')).textContent).toBe(shown);
    expect(screen.queryByRole('status', { name: 'Answering…' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('says so when the stream ends without its last event', async () => {
    const server = fakeChatServer();
    await openChat();
    await ask('Hello?');
    await waitFor(() => expect(server.answers).toHaveLength(1));

    await act(async () => {
      server.answer.push({ type: 'delta', text: 'Half an ans' });
      server.answer.end();
    });

    expect((await within(lastAnswer()).findByRole('alert')).textContent).toBe(
      'The answer was cut off. Please ask again.',
    );
  });

  it('sends a suggested question when it is clicked', async () => {
    const server = fakeChatServer();
    await openChat();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Where is my order?' }));
    });

    await waitFor(() => expect(server.answers).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).toMatchObject({ question: 'Where is my order?' });
    // The suggestions belong to an empty conversation.
    expect(screen.queryByRole('region', { name: 'You can ask me' })).toBeNull();
  });

  it('asks the link’s prompt once, as soon as the chat is ready, and takes it out of the address', async () => {
    const server = fakeChatServer();
    // Rendered in StrictMode, as the page is: effects run twice, the prompt is asked once.
    await openChat('/chat/abc123?prompt=Do%20you%20ship%20abroad%3F&lang=x');

    await waitFor(() => expect(server.answers).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).toMatchObject({
      shareId: 'abc123',
      question: 'Do you ship abroad?',
    });
    expect(screen.getByText('Do you ship abroad?')).toBeTruthy();
    expect(window.location.search).toBe('?lang=x');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1);
  });

  it('Enter sends, Shift+Enter does not', async () => {
    const server = fakeChatServer();
    await openChat();
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'First line' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(0);

    await act(async () => {
      fireEvent.keyDown(box, { key: 'Enter' });
    });
    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1));
  });
});
