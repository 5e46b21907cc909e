import { Parser } from 'htmlparser2';
import { convert } from 'html-to-text';
import { OutboundError } from './outbound-error';
import { safeFetch, type SafeFetchOptions } from './safe-fetch';

/** What a web reader gives of a page: its title (empty when it has none) and its readable text. */
export type WebPage = { title: string; text: string };

export type ReadWebPageOptions = Pick<
  SafeFetchOptions,
  'timeoutMs' | 'maxBytes' | 'maxRedirects' | 'signal' | 'lookup' | 'isAllowedAddress'
> & {
  /** Longest text returned, in characters (default 100 000); the rest is cut off. */
  maxTextChars?: number;
};

export const WEB_PAGE_DEFAULTS = { maxTextChars: 100_000, maxTitleChars: 500 } as const;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** How a content type is read: as HTML, as text as it is (plain text, JSON, CSV, XML…), or not at all. */
function kindOf(mediaType: string, body: Buffer): 'html' | 'text' | undefined {
  if (HTML_TYPES.has(mediaType)) return 'html';
  if (mediaType.startsWith('text/')) return 'text';
  if (['application/json', 'application/xml', 'application/javascript'].includes(mediaType)) return 'text';
  if (/^application\/[\w.-]+\+(json|xml)$/.test(mediaType)) return 'text';
  if (mediaType !== '') return undefined;
  // No content type: text when the start holds no NUL byte, HTML when it starts like markup.
  const head = body.subarray(0, 1024);
  if (head.includes(0)) return undefined;
  return /^\s*</.test(head.toString('latin1')) ? 'html' : 'text';
}

/** The charset an HTML page declares in its first 1024 bytes (`<meta charset>` or http-equiv), as browsers pre-scan. */
function declaredCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 1024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]{1,40})/i.exec(head)?.[1];
}

/** Bytes → text in `label`'s encoding (gbk, big5, shift_jis…), UTF-8 when the label is unknown. */
function decode(body: Buffer, label: string | undefined): string {
  try {
    return new TextDecoder(label ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** The page's first `<title>`, whitespace collapsed, without building the document. */
function titleOf(html: string, maxChars: number): string {
  let inTitle = false;
  let done = false;
  let title = '';
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'title' && !done) inTitle = true;
      },
      ontext(text) {
        if (inTitle && title.length <= maxChars * 2) title += text;
      },
      onclosetag(name) {
        if (name !== 'title' || !inTitle) return;
        inTitle = false;
        done = true;
        parser.pause();
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return title.replace(/\s+/g, ' ').trim().slice(0, maxChars);
}

/** Runs of spaces and tabs as one space, trimmed lines, no blank lines. */
function collapse(text: string): string {
  return text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
}

/** The readable text of HTML: blocks as lines, scripts, styles, images and link targets left out. */
function htmlText(html: string): string {
  return convert(html, {
    wordwrap: false,
    preserveNewlines: false,
    // Bounds on what a hostile page can make the walk do (nesting depth, children of one node).
    limits: { maxDepth: 200, maxChildNodes: 20_000, maxInputLength: html.length, ellipsis: '…' },
    selectors: [
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      // The title is given apart; a page without <body> would otherwise repeat it in the text.
      { selector: 'title', format: 'skip' },
      ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
      { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    ],
  });
}

/**
 * Fetches a page with {@link safeFetch} (its refusals and caps) and reads it as text: HTML → its title and
 * readable text; plain text, JSON, XML and other text types as they are (no title). Other content (images,
 * PDF, binary) is UNSUPPORTED_CONTENT; an answer with an error status (4xx, 5xx) is HTTP_FAILED. The
 * charset comes from the Content-Type, then from an HTML page's `<meta>`, else UTF-8. The text is
 * whitespace-collapsed and cut at `maxTextChars`.
 */
export async function readWebPage(url: string, options: ReadWebPageOptions = {}): Promise<WebPage> {
  const { maxTextChars = WEB_PAGE_DEFAULTS.maxTextChars, ...fetchOptions } = options;
  const response = await safeFetch(url, {
    ...fetchOptions,
    method: 'GET',
    headers: { accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,application/json;q=0.8,*/*;q=0.1' },
  });
  if (response.status >= 400) throw new OutboundError('HTTP_FAILED', `answered ${response.status}`);
  const [mediaType = '', ...parameters] = response.contentType.toLowerCase().split(';');
  const kind = kindOf(mediaType.trim(), response.body);
  if (!kind) throw new OutboundError('UNSUPPORTED_CONTENT', mediaType.trim() || 'binary');
  const charset = parameters
    .map((parameter) => /^\s*charset\s*=\s*"?([^";\s]+)/.exec(parameter)?.[1])
    .find((value) => value !== undefined);
  if (kind === 'text') return { title: '', text: collapse(decode(response.body, charset)).slice(0, maxTextChars) };
  const html = decode(response.body, charset ?? declaredCharset(response.body));
  let text: string;
  try {
    text = htmlText(html);
  } catch (error) {
    throw new OutboundError('UNSUPPORTED_CONTENT', `unreadable HTML: ${String(error)}`, { cause: error });
  }
  return { title: titleOf(html, WEB_PAGE_DEFAULTS.maxTitleChars), text: collapse(text).slice(0, maxTextChars) };
}
