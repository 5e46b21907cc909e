import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fork } from 'effector';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@flotilla/shared';
import { describeCatalogs, renderInShell } from '@flotilla/shared/test';
import { chatCatalogs } from '../app/catalogs';
import { CHAT_PATHS } from '../app/chat-paths';
import App from '../expose/App';
import ChatPanel from '../expose/ChatPanel';
import { fakeChatServer } from '../test-utils/fake-chat-server';
import { makeShare } from '../test-utils/fake-share';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const sources = readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file) && !file.includes('__tests__') && !file.includes('test-utils'))
  .map((file) => ({ file, text: readFileSync(join(srcDir, file), 'utf8') }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('chat exposes', () => {
  it('routes exactly the public chat paths of ROUTES', () => {
    expect(CHAT_PATHS).toEqual(['/f/:id', '/chat', '/p/chat', '/r/:id', '/chat/:shareId']);
    expect(ROUTES.filter((route) => route.owner === 'chat').every((route) => !route.requiresAuth)).toBe(true);
  });

  it('./App renders the chat page inside the console router, in the console’s theme', async () => {
    fakeChatServer({ share: makeShare({ name: 'Console share' }) });
    const { container } = renderInShell(<App />, { path: '/chat/abc123', scope: fork() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Console share' })).toBeTruthy();
    expect(container.querySelector('.flc-chat')?.classList.contains('flc-chat--console')).toBe(true);
    // The console has its own language switch.
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });

  it('./App asks the prompt of the route once and takes it out of the console’s address', async () => {
    const server = fakeChatServer();
    renderInShell(<App />, { path: '/chat?shareId=abc123&prompt=Hello%20there', scope: fork() });
    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0].body).toMatchObject({ shareId: 'abc123', question: 'Hello there' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/chat'));
  });

  it('./ChatPanel shows the share name and welcome', async () => {
    const server = fakeChatServer({
      share: makeShare({ shareId: 's-9', name: 'Panel share', welcome: 'Hi from the panel' }),
    });
    renderInShell(<ChatPanel shareId="s-9" />, { path: '/', scope: fork() });
    expect(await screen.findByText('Panel share')).toBeTruthy();
    expect(screen.getByTestId('welcome').textContent).toBe('Hi from the panel');
    expect(server.requests[0].query.get('shareId')).toBe('s-9');
  });

  it('opens the conversations as a drawer (phones) and closes it on Escape or once one is picked', async () => {
    fakeChatServer();
    renderInShell(<ChatPanel shareId="abc123" />, { path: '/', scope: fork() });
    const menu = await screen.findByRole('button', { name: 'Show conversations' });
    const drawer = screen.getByRole('navigation', { name: 'Conversations' });
    expect(drawer.getAttribute('data-open')).toBe('false');

    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.getAttribute('data-open')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New chat' }));
    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(drawer.getAttribute('data-open')).toBe('false');
  });

  it('labels every button that has no text', async () => {
    fakeChatServer();
    renderInShell(<ChatPanel shareId="abc123" />, { path: '/', scope: fork() });
    await screen.findByRole('textbox', { name: 'Message' });
    for (const button of screen.getAllByRole('button')) {
      const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
      expect(name.trim(), button.outerHTML).not.toBe('');
    }
  });

  it('never imports Semi: the public page must stay small on phones', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/from ['"](@douyinfe\/|@flotilla\/shared\/ui)/);
      expect(text, file).not.toMatch(/import\(['"](@douyinfe\/|@flotilla\/shared\/ui)/);
    }
  });
});

describeCatalogs('chat', {
  catalogs: chatCatalogs,
  srcDir,
  minUsedIds: 60,
  sample: {
    id: 'chat.attach.tooLarge',
    values: { name: 'a.pdf', maxMb: 10 },
    'en-US': '“a.pdf” is larger than 10 MB.',
    'zh-CN': '“a.pdf”超过 10 MB。',
  },
});
