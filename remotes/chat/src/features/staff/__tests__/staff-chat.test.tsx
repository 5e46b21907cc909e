import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import { chatCatalogs } from '../../../app/catalogs';
import ChatPanel from '../../../expose/ChatPanel';
import '../../../test-utils/dom-fixes';
import { fakeChatServer, makeCompletion, makeRobot, makeSession } from '../../../test-utils/fake-chat-server';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('./ChatPanel for staff (processId)', () => {
  it('is the robot’s debug chat as the logged-in user: its name, no welcome, and every call carries processId', async () => {
    const server = fakeChatServer({
      robot: makeRobot({ processId: 'p-7', name: 'Returns robot' }),
      sessions: [makeSession({ sessionId: 's-1', title: 'Yesterday’s test' })],
      completions: { 's-1': [makeCompletion({ id: 'c-1', sessionId: 's-1' })] },
    });
    renderInShell(<ChatPanel processId="p-7" />, {
      path: '/ai/p-7/detail/',
      scope: testScope('operator'),
      catalogs: chatCatalogs,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Returns robot' })).toBeTruthy();
    expect(screen.queryByTestId('welcome')).toBeNull();
    expect(server.calls('GET', /^\/v1\/share\/info$/)).toEqual([]);
    expect(server.calls('GET', /^\/v1\/processes\/p-7$/)).toHaveLength(1);
    await waitFor(() => expect(server.calls('GET', /chat\/session$/)).toHaveLength(1));
    const [sessions] = server.calls('GET', /chat\/session$/);
    expect(`${sessions.path}?${sessions.query}`).toBe('/v1/users/u1/chat/session?processId=p-7&offset=0&limit=40');

    // Asking: processId, no share, no visitor.
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Can I return shoes?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    await waitFor(() => expect(server.answers).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).toEqual({
      processId: 'p-7',
      question: 'Can I return shoes?',
      stream: true,
    });
    await act(async () => {
      server.answer.push({
        type: 'done',
        completionId: 'c-9',
        sessionId: 's-9',
        citations: [],
        usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
      });
      server.answer.end();
    });

    // A saved session: its messages, feedback and deletion carry processId too.
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yesterday’s test' }));
    });
    await screen.findByText('Question c-1');
    expect(server.calls('GET', /completions$/)[0].query.toString()).toBe('processId=p-7&offset=0&limit=10');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Not helpful' }));
    });
    await waitFor(() => expect(server.calls('PUT', /feedback$/)).toHaveLength(1));
    expect(server.calls('PUT', /feedback$/)[0].body).toEqual({
      processId: 'p-7',
      userId: 'u1',
      feedback: 'dislike',
      text: '',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete question and answer' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(server.calls('DELETE')).toHaveLength(1));
    expect(server.calls('DELETE')[0].path).toBe('/v1/users/u1/sessions/s-1/completions/c-1');
    expect(server.calls('DELETE')[0].query.toString()).toBe('processId=p-7');
  });

  it('says so when the robot does not exist', async () => {
    fakeChatServer({ robot: makeRobot({ processId: 'p-7' }) });
    renderInShell(<ChatPanel processId="p-gone" />, {
      path: '/',
      scope: testScope('operator'),
      catalogs: chatCatalogs,
    });
    expect(await screen.findByText('This robot does not exist')).toBeTruthy();
  });

  it('uploads as staff with processId', async () => {
    const server = fakeChatServer({ robot: makeRobot({ processId: 'p-7' }) });
    renderInShell(<ChatPanel processId="p-7" />, { path: '/', scope: testScope('operator'), catalogs: chatCatalogs });
    const input = (await screen.findByTestId('file-input')) as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' })] } });
    });
    await waitFor(() => expect(server.calls('POST', /^\/v2\/upload\/file$/)).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/upload\/file$/)[0].body).toEqual({ processId: 'p-7', file: 'manual.pdf' });
  });
});
