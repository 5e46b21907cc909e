import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeChatServer, makeCompletion, makeSession } from '../../../test-utils/fake-chat-server';
// Before the renderer makes its sanitiser: see the file.
import '../../../test-utils/dom-fixes';
import { renderStandalone, VISITOR } from '../../../test-utils/render-chat';
import { renderMarkdown } from '../lib/render-markdown';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const HOSTILE = [
  'Hello <script>window.__pwned = 1</script>',
  '<img src=x onerror="window.__pwned = 2"> <img src="https://cdn.example/ok.png" onload="window.__pwned = 3">',
  '[click me](javascript:window.__pwned=4) [data](data:text/html,<b>x</b>) [home](https://example.com/help) [mail](mailto:help@example.com)',
  '<a href="https://example.com" target="_self" onclick="window.__pwned = 5">plain a</a>',
  '<iframe srcdoc="&lt;script&gt;parent.__pwned = 8&lt;/script&gt;"></iframe><form action="https://evil.example"><input name="card"></form>',
  '<span class="flc-chat" style="position:fixed">styled</span>',
  '<svg><script>window.__pwned = 6</script><a xlink:href="javascript:alert(1)">x</a></svg>',
].join('\n\n');

function html(markdown: string): HTMLElement {
  const element = document.createElement('div');
  element.innerHTML = renderMarkdown(markdown);
  return element;
}

describe('rendered answers', () => {
  it('keep Markdown and highlight code blocks of the registered languages', () => {
    const out = html(
      '# Title\n\n**bold** and `code`\n\n- one\n- two\n\n```js\nconst a = 1;\n```\n\n```cobol\nDISPLAY "x".\n```',
    );
    expect(out.querySelector('h1')?.textContent).toBe('Title');
    expect(out.querySelector('strong')?.textContent).toBe('bold');
    expect(out.querySelectorAll('li')).toHaveLength(2);
    const [js, cobol] = [...out.querySelectorAll('pre code')];
    expect(js.className).toBe('hljs language-js');
    expect(js.querySelector('.hljs-keyword')?.textContent).toBe('const');
    // An unknown language is shown as it is, escaped.
    expect(cobol.className).toBe('hljs');
    expect(cobol.textContent).toBe('DISPLAY "x".');
  });

  it('never keep a script, an event handler, a frame, a form, a style or an unsafe link', () => {
    const out = html(HOSTILE);
    expect(out.querySelector('script, iframe, form, input, style')).toBeNull();
    for (const element of out.querySelectorAll('*')) {
      for (const attribute of element.getAttributeNames())
        expect(attribute, element.outerHTML).not.toMatch(/^on|^style$/);
      expect(element.getAttribute('class') ?? '', element.outerHTML).not.toContain('flc-');
    }
    const links = [...out.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href')).filter(Boolean)).toEqual([
      'https://example.com/help',
      'mailto:help@example.com',
      'https://example.com',
    ]);
    expect(links.find((a) => a.textContent === 'click me')?.hasAttribute('href')).toBe(false);
    expect(out.querySelector('[href^="javascript:"], [href^="data:"], [xlink\\:href]')).toBeNull();
    for (const link of links.filter((a) => a.hasAttribute('href'))) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // Images from the web keep their address (not their handlers); others lose it.
    expect([...out.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      null,
      'https://cdn.example/ok.png',
    ]);
    expect(out.textContent).toContain('styled');
  });

  it('reach the page sanitised: no script, onerror or javascript: link in the document', async () => {
    fakeChatServer({
      sessions: [makeSession({ sessionId: 's-1' })],
      completions: {
        's-1': [
          makeCompletion({
            id: 'c-1',
            sessionId: 's-1',
            answer: HOSTILE,
            question: '<script>window.__pwned = 7</script>',
          }),
        ],
      },
    });
    renderStandalone('/chat/abc123', { visitor: VISITOR });
    const session = await screen.findByRole('button', { name: 'Session s-1' });
    await act(async () => session.click());

    const answer = await screen.findByTestId('answer');
    await waitFor(() => expect(answer.querySelector('.flc-md:not(.flc-md--plain)')).not.toBeNull());
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror], [onload], [onclick]')).toBeNull();
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(answer.querySelector('iframe, form, input')).toBeNull();
    // The question is the visitor's own text, shown as text.
    expect(screen.getByText('<script>window.__pwned = 7</script>')).toBeTruthy();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
