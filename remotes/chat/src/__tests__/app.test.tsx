import { cleanup, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@flotilla/shared';
import { CHAT_PATHS } from '../app/chat-routes';
import App from '../expose/App';
import ChatPanel from '../expose/ChatPanel';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';
import { fakeFetch, makeShare } from '../test-utils/fake-fetch';
import { renderInConsole } from '../test-utils/render-chat';

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
    fakeFetch(() => ({ body: makeShare({ name: 'Console share' }) }));
    renderInConsole(<App />, '/chat/abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Console share' })).toBeTruthy();
    // The console has its own language switch.
    expect(screen.queryByRole('group', { name: 'Language' })).toBeNull();
  });

  it('./ChatPanel shows the share name and welcome', async () => {
    const urls = fakeFetch(() => ({ body: makeShare({ name: 'Panel share', welcome: 'Hi from the panel' }) }));
    renderInConsole(<ChatPanel shareId="s-9" />);
    expect(await screen.findByText('Panel share')).toBeTruthy();
    expect(screen.getByTestId('welcome').textContent).toBe('Hi from the panel');
    expect(urls[0].searchParams.get('shareId')).toBe('s-9');
  });

  it('never imports Semi: the public page must stay small on phones', () => {
    for (const { file, text } of sources) {
      expect(text, file).not.toMatch(/from ['"](@douyinfe\/|@flotilla\/shared\/ui)/);
      expect(text, file).not.toMatch(/import\(['"](@douyinfe\/|@flotilla\/shared\/ui)/);
    }
  });
});

describe('chat catalogs', () => {
  it('have the same ids in both languages, all prefixed and non-empty, with the same placeholders', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    for (const [id, text] of Object.entries(enUS)) {
      expect(id.startsWith('chat.')).toBe(true);
      expect(text.trim()).not.toBe('');
      expect(zhCN[id].trim()).not.toBe('');
      expect(placeholders(zhCN[id]), id).toEqual(placeholders(text));
    }
  });

  it('hold every id the source uses', () => {
    const used = new Set<string>();
    for (const { file, text } of sources) {
      if (file.includes('locales')) continue;
      for (const match of text.matchAll(/['`](chat\.[A-Za-z.]+)['`]/g)) used.add(match[1]);
    }
    expect(used.size).toBeGreaterThan(15);
    for (const id of used) expect(enUS, id).toHaveProperty([id]);
  });
});
