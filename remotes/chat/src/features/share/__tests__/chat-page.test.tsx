import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, networkError, on } from '@flotilla/shared/test';
import { fakeChatServer } from '../../../test-utils/fake-chat-server';
import { makeShare, SHARE_NOT_FOUND } from '../../../test-utils/fake-share';
import { renderStandalone } from '../../../test-utils/render-chat';
import { contrast, GetShareInfo, ListChatSessions, ListTtsVoices, TEXT_BACKGROUNDS } from '@flotilla/shared';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('public chat page', () => {
  it('shows the share: name in the header, welcome as the first message, suggested questions, the composer', async () => {
    const server = fakeChatServer();

    renderStandalone('/chat/abc123');

    expect(await screen.findByRole('heading', { level: 1, name: 'After-sales helper' })).toBeTruthy();
    expect(screen.getByTestId('welcome').textContent).toBe('Hello! Ask me about orders, returns and invoices.');
    const suggestions = screen.getByRole('region', { name: 'You can ask me' });
    expect(
      within(suggestions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['How do I return an item?', 'Where is my order?']);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(document.title).toBe('After-sales helper');
    // The anonymous visitor got an id, and their sessions with this share are listed under it.
    const visitor = localStorage.getItem('flotilla-visitor-id');
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    await vi.waitFor(() => expect(server.calls('GET', /chat\/session$/)).toHaveLength(1));
    const [info, sessions] = server.requests;
    expect(`${info.path}?${info.query}`).toBe('/v1/share/info?shareId=abc123');
    expect(`${sessions.path}?${sessions.query}`).toBe(
      `/v1/users/${visitor}/chat/session?shareId=abc123&offset=0&limit=40`,
    );
  });

  it('takes the visitor named by the link (?uuid=) for this page, without storing it', async () => {
    const server = fakeChatServer();
    localStorage.setItem('flotilla-visitor-id', '11111111-1111-4111-8111-111111111111');

    renderStandalone('/chat?shareId=abc123&uuid=2B7D1C52-8D7E-4F3A-9C1B-2A9E5E0F4D11');

    await vi.waitFor(() => expect(server.calls('GET', /chat\/session$/)).toHaveLength(1));
    expect(server.calls('GET', /chat\/session$/)[0].path).toBe(
      '/v1/users/2b7d1c52-8d7e-4f3a-9c1b-2a9e5e0f4d11/chat/session',
    );
    expect(localStorage.getItem('flotilla-visitor-id')).toBe('11111111-1111-4111-8111-111111111111');
  });

  it('applies the theme colour with readable header text', async () => {
    fakeChatServer({ share: makeShare({ themeColor: '#FFEB3B' }) });

    const { container } = renderStandalone('/chat/abc123');
    await screen.findByTestId('welcome');

    const root = container.querySelector('.flc-chat') as HTMLElement;
    expect(root.style.getPropertyValue('--flc-accent')).toBe('#FFEB3B');
    expect(root.style.getPropertyValue('--flc-on-accent')).toBe('#1c1f23');
    // As text (links, buttons): too pale on the light theme, so shaded there; as it is on the dark one.
    expect(root.style.getPropertyValue('--flc-accent-text-light')).not.toBe('#FFEB3B');
    expect(
      contrast(root.style.getPropertyValue('--flc-accent-text-light'), TEXT_BACKGROUNDS.light),
    ).toBeGreaterThanOrEqual(4.5);
    expect(root.style.getPropertyValue('--flc-accent-text-dark')).toBe('#FFEB3B');
  });

  it('keeps the default theme colour when the share has none it can use', async () => {
    fakeChatServer({ share: makeShare({ themeColor: 'red; background: url(x)' }) });

    const { container } = renderStandalone('/chat/abc123');
    await screen.findByTestId('welcome');

    const root = container.querySelector('.flc-chat') as HTMLElement;
    expect(root.style.getPropertyValue('--flc-accent')).toBe('#165DFF');
    expect(root.style.getPropertyValue('--flc-on-accent')).toBe('#ffffff');
  });

  it.each([
    ['/f/s-1', 's-1'],
    ['/r/s-2', 's-2'],
    ['/chat?shareId=s-3', 's-3'],
    ['/p/chat?shareId=s-4', 's-4'],
  ])('reads the share id of %s', async (path, shareId) => {
    const server = fakeChatServer({ share: makeShare({ shareId, name: `Share ${shareId}` }) });

    renderStandalone(path);

    expect(await screen.findByText(`Share ${shareId}`)).toBeTruthy();
    expect(server.requests[0].query.get('shareId')).toBe(shareId);
  });

  it('greets with a default welcome when the share has none, and hides empty suggestions', async () => {
    fakeChatServer({ share: makeShare({ welcome: '  ', suggestedQuestions: [] }) });

    renderStandalone('/chat/abc123');

    expect((await screen.findByTestId('welcome')).textContent).toBe(
      'Hello! I am After-sales helper. How can I help you?',
    );
    expect(screen.queryByRole('region', { name: 'You can ask me' })).toBeNull();
  });

  it('says clearly that an unknown or disabled link does not exist (404)', async () => {
    fakeApi([on(GetShareInfo, () => SHARE_NOT_FOUND)]);

    renderStandalone('/chat/gone');

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'This chat link does not exist or has been disabled' }),
    ).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says it in Chinese by default', async () => {
    fakeApi([on(GetShareInfo, () => SHARE_NOT_FOUND)]);

    renderStandalone('/chat/gone', { locale: 'zh-CN' });

    expect(await screen.findByText('该对话链接不存在或已停用')).toBeTruthy();
  });

  it('says the same, without asking the server, when the URL names no share', async () => {
    const server = fakeChatServer();

    renderStandalone('/chat');

    expect(await screen.findByText('This chat link does not exist or has been disabled')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('offers Retry on a network failure, and Retry fetches again', async () => {
    let online = false;
    const whenOnline = <T,>(answer: T): T => {
      if (!online) throw networkError();
      return answer;
    };
    const requests = fakeApi([
      on(GetShareInfo, () => whenOnline(makeShare())),
      on(ListChatSessions, () => whenOnline({ list: [], total: 0 })),
      on(ListTtsVoices, () => whenOnline({ provider: null, voices: [] })),
    ]);

    renderStandalone('/chat/abc123');

    expect(await screen.findByText('Cannot connect')).toBeTruthy();
    online = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'After-sales helper' })).toBeTruthy();
    expect(requests.filter(({ path }) => path === '/v1/share/info')).toHaveLength(2);
  });

  it('switches between Chinese and English', async () => {
    fakeApi([on(GetShareInfo, () => SHARE_NOT_FOUND)]);

    renderStandalone('/chat/gone', { locale: 'zh-CN' });
    expect(await screen.findByText('该对话链接不存在或已停用')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '英文' }));
    });
    expect(await screen.findByText('This chat link does not exist or has been disabled')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('arco-locale')).toBe('en-US');
  });

  it('answers other paths with a page-not-found message', async () => {
    fakeChatServer();

    renderStandalone('/nothing/here');

    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
