import { cleanup, screen } from '@testing-library/react';
import { fork } from 'effector';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@flotilla/shared';
import { describeCatalogs, mockFetch, renderInShell } from '@flotilla/shared/test';
import { chatCatalogs } from '../app/catalogs';
import { CHAT_PATHS } from '../app/chat-routes';
import App from '../expose/App';
import ChatPanel from '../expose/ChatPanel';
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

  it('./App renders the chat page inside the console router', async () => {
    mockFetch(() => ({ body: makeShare({ name: 'Console share' }) }));
    renderInShell(<App />, { path: '/chat/abc123', scope: fork() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Console share' })).toBeTruthy();
    // The console has its own language switch.
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });

  it('./ChatPanel shows the share name and welcome', async () => {
    const requests = mockFetch(() => ({ body: makeShare({ name: 'Panel share', welcome: 'Hi from the panel' }) }));
    renderInShell(<ChatPanel shareId="s-9" />, { path: '/', scope: fork() });
    expect(await screen.findByText('Panel share')).toBeTruthy();
    expect(screen.getByTestId('welcome').textContent).toBe('Hi from the panel');
    expect(requests[0].query.get('shareId')).toBe('s-9');
  });

  it('never imports Semi: the public page must stay small on phones', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/from ['"](@douyinfe\/|@flotilla\/shared\/ui)/);
      expect(text, file).not.toMatch(/import\(['"](@douyinfe\/|@flotilla\/shared\/ui)/);
    }
  });
});

describeCatalogs('chat', { catalogs: chatCatalogs, srcDir, minUsedIds: 15 });
