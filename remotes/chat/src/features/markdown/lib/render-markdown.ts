// Loaded on demand (ui/markdown.tsx): the first answer needs it, the page's first paint does not.
import DOMPurify from 'dompurify';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { Marked, type Tokens } from 'marked';

// The core and a few languages a customer-service answer may show, not the full bundle (~190 languages).
for (const [name, language] of Object.entries({
  bash,
  css,
  java,
  javascript,
  json,
  python,
  sql,
  typescript,
  xml,
  yaml,
})) {
  hljs.registerLanguage(name, language);
}
hljs.registerAliases(['sh', 'shell', 'zsh'], { languageName: 'bash' });
hljs.registerAliases(['js', 'jsx'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['html', 'svg'], { languageName: 'xml' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] as string);

function code({ text, lang }: Tokens.Code): string {
  const language = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  const known = language !== '' && hljs.getLanguage(language) !== undefined;
  const body = known ? hljs.highlight(text, { language, ignoreIllegals: true }).value : escapeHtml(text);
  return `<pre><code class="hljs${known ? ` language-${escapeHtml(language)}` : ''}">${body}</code></pre>\n`;
}

const marked = new Marked({ gfm: true, breaks: true, async: false, renderer: { code } });

/**
 * Links and images may point to web pages (and links to mail addresses) only: anything else
 * (javascript:, data:, relative) loses its address, so a link is plain text and an image nothing.
 */
const SAFE_URL = /^(?:https?:|mailto:)/i;

/** Classes an answer may carry: highlight.js's own, so raw HTML cannot borrow the page's classes. */
const HIGHLIGHT_CLASSES = /^(?:(?:hljs|language-)[\w-]*\s*)+$/;

const purify = DOMPurify();
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'class' && !HIGHLIGHT_CLASSES.test(data.attrValue)) data.keepAttr = false;
});
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName === 'A') {
    const href = node.getAttribute('href')?.trim() ?? '';
    if (SAFE_URL.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('href');
    }
  }
});

/**
 * An answer's Markdown as safe HTML: GFM with line breaks, code blocks highlighted, then sanitised —
 * no script, style, form or frame, no event handler attribute, links to http(s)/mailto only and
 * opening in a new tab with `rel="noopener noreferrer"`.
 */
export function renderMarkdown(markdown: string): string {
  // A browser too old for the sanitiser gets the text, escaped, rather than unchecked HTML.
  if (!purify.isSupported) return `<p>${escapeHtml(markdown)}</p>`;
  const html = marked.parse(markdown) as string;
  return purify.sanitize(html, {
    ALLOWED_URI_REGEXP: SAFE_URL,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
