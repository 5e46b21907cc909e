import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkError } from '@flotilla/shared/test';
import { makeShare, SHARE_NOT_FOUND } from '../../../test-utils/fake-share';
import { renderStandalone } from '../../../test-utils/render-chat';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('public chat page', () => {
  it('shows the share: name in the header, welcome as the first message, suggested questions', async () => {
    const requests = mockFetch(() => ({ body: makeShare() }));

    renderStandalone('/chat/abc123');

    expect(await screen.findByRole('heading', { level: 1, name: 'After-sales helper' })).toBeTruthy();
    expect(screen.getByTestId('welcome').textContent).toBe('Hello! Ask me about orders, returns and invoices.');
    const suggestions = screen.getByRole('region', { name: 'You can ask me' });
    expect(within(suggestions).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'How do I return an item?',
      'Where is my order?',
    ]);
    expect(requests.map(({ url }) => url.pathname + url.search)).toEqual(['/v1/share/info?shareId=abc123']);
    // No composer until answering works.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.title).toBe('After-sales helper');
    // The anonymous visitor got an id for the chat sessions to come.
    expect(localStorage.getItem('flotilla-visitor-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('applies the theme colour with readable header text', async () => {
    mockFetch(() => ({ body: makeShare({ themeColor: '#FFEB3B' }) }));

    const { container } = renderStandalone('/chat/abc123');
    await screen.findByTestId('welcome');

    const root = container.querySelector('.flc-chat') as HTMLElement;
    expect(root.style.getPropertyValue('--flc-accent')).toBe('#FFEB3B');
    expect(root.style.getPropertyValue('--flc-on-accent')).toBe('#1c1f23');
  });

  it.each([
    ['/f/s-1', 's-1'],
    ['/r/s-2', 's-2'],
    ['/chat?shareId=s-3', 's-3'],
    ['/p/chat?shareId=s-4', 's-4'],
  ])('reads the share id of %s', async (path, shareId) => {
    const requests = mockFetch(({ query }) => ({ body: makeShare({ shareId: query.get('shareId')!, name: `Share ${shareId}` }) }));

    renderStandalone(path);

    expect(await screen.findByText(`Share ${shareId}`)).toBeTruthy();
    expect(requests[0].query.get('shareId')).toBe(shareId);
  });

  it('greets with a default welcome when the share has none, and hides empty suggestions', async () => {
    mockFetch(() => ({ body: makeShare({ welcome: '  ', suggestedQuestions: [] }) }));

    renderStandalone('/chat/abc123');

    expect((await screen.findByTestId('welcome')).textContent).toBe('Hello! I am After-sales helper. How can I help you?');
    expect(screen.queryByRole('region', { name: 'You can ask me' })).toBeNull();
  });

  it('says clearly that an unknown or disabled link does not exist (404)', async () => {
    mockFetch(() => SHARE_NOT_FOUND);

    renderStandalone('/chat/gone');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This chat link does not exist or has been disabled' })).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says it in Chinese by default', async () => {
    mockFetch(() => SHARE_NOT_FOUND);

    renderStandalone('/chat/gone', { locale: 'zh-CN' });

    expect(await screen.findByText('该对话链接不存在或已停用')).toBeTruthy();
  });

  it('says the same, without asking the server, when the URL names no share', async () => {
    const requests = mockFetch(() => ({ body: makeShare() }));

    renderStandalone('/chat');

    expect(await screen.findByText('This chat link does not exist or has been disabled')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('offers Retry on a network failure, and Retry fetches again', async () => {
    let online = false;
    const requests = mockFetch(() => {
      if (!online) throw networkError();
      return { body: makeShare() };
    });

    renderStandalone('/chat/abc123');

    expect(await screen.findByText('Cannot connect')).toBeTruthy();
    online = true;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'After-sales helper' })).toBeTruthy();
    expect(requests).toHaveLength(2);
  });

  it('switches between Chinese and English', async () => {
    mockFetch(() => SHARE_NOT_FOUND);

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
    mockFetch(() => ({ body: makeShare() }));

    renderStandalone('/nothing/here');

    expect(await screen.findByText('Page not found')).toBeTruthy();
  });
});
