import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_LIMITS } from '@flotilla/shared';
import { chatCatalogs } from '../app/catalogs';
import { draftOfStaticPage } from '../app/static-page';
import { fakeChatServer } from '../test-utils/fake-chat-server';
import { renderStandalone } from '../test-utils/render-chat';

/** The page's HTML as the server sends it when it knows no share (its static markup, neutral). */
const PAGE = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');

/** Puts the page's static markup in the document, as the browser has drawn it before the script. */
function staticPage(): HTMLElement {
  document.body.innerHTML = new DOMParser().parseFromString(PAGE, 'text/html').body.innerHTML;
  return document.getElementById('root') as HTMLElement;
}

/** The fetch of the fake server with `GET /v1/share/info` held until `release()`. */
function holdShareInfo() {
  const answer = globalThis.fetch;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes('/v1/share/info')) await held;
    return answer(input, init);
  });
  return release;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the static page before the app', () => {
  it('says in zh-CN, the default language, what the app says, and takes questions of the allowed length', () => {
    const root = staticPage();
    const zh = chatCatalogs['zh-CN'];
    const box = root.querySelector('textarea') as HTMLTextAreaElement;
    expect(box.placeholder).toBe(zh['chat.composer.placeholder']);
    expect(box.getAttribute('aria-label')).toBe(zh['chat.composer.label']);
    expect(box.maxLength).toBe(CHAT_LIMITS.questionLength);
    expect(root.querySelector('.flc-send')?.getAttribute('aria-label')).toBe(zh['chat.composer.send']);
    expect(root.querySelector('.flc-composer__attach')?.getAttribute('aria-label')).toBe(zh['chat.attach.button']);
    expect(root.querySelector('.flc-header__menu')?.getAttribute('aria-label')).toBe(zh['chat.sessions.open']);
    expect(root.querySelector('.flc-sessions')?.getAttribute('aria-label')).toBe(zh['chat.sessions.label']);
    expect(root.querySelector('.flc-new-chat')?.textContent).toBe(zh['chat.sessions.new']);
    expect(root.querySelector('.flc-sessions__title')?.textContent).toBe(zh['chat.sessions.title']);
    expect(root.querySelector('.flc-messages')?.getAttribute('aria-label')).toBe(zh['chat.messages.label']);
    expect(root.querySelector('.flc-locale')?.getAttribute('aria-label')).toBe(zh['chat.locale.label']);
    expect(root.querySelector('.flc-footer')?.textContent).toBe(zh['chat.poweredBy']);
    // Nothing to send with before the app: Send stays off, so a click cannot post the form anywhere.
    expect((root.querySelector('.flc-send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('hands what the visitor typed, with focus and caret, to the app, which sends it once ready', async () => {
    const server = fakeChatServer();
    const root = staticPage();
    const typed = root.querySelector('textarea') as HTMLTextAreaElement;
    typed.focus();
    typed.value = 'Where is my parcel?';
    typed.setSelectionRange(6, 8);

    renderStandalone('/chat/abc123', { container: root, draft: draftOfStaticPage(root) ?? undefined });

    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(box).not.toBe(typed);
    expect(box.value).toBe('Where is my parcel?');
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([6, 8]);
    // The app replaced the static markup: one chat, one box.
    expect(root.querySelectorAll('.flc-chat')).toHaveLength(1);
    expect(root.querySelectorAll('textarea')).toHaveLength(1);

    await screen.findByTestId('welcome');
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(server.calls('POST', /^\/v2\/qa$/)).toHaveLength(1));
    expect(server.calls('POST', /^\/v2\/qa$/)[0]!.body).toMatchObject({
      shareId: 'abc123',
      question: 'Where is my parcel?',
    });
  });

  it('draws the message box before the share info arrives, and fills the header in when it does', async () => {
    fakeChatServer();
    const release = holdShareInfo();

    renderStandalone('/chat/abc123');

    // No spinner over the page: the header (empty), the box, Send off until the chat is ready.
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('');
    fireEvent.change(box, { target: { value: 'Hello' } });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'After-sales helper' })).toBeTruthy();
    // The same box, with what was typed while waiting, now able to send.
    expect(screen.getByRole('textbox', { name: 'Message' })).toBe(box);
    expect(box.value).toBe('Hello');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
