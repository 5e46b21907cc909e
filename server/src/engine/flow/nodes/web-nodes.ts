import { jsonStringContent, renderTemplate } from '@flotilla/shared/flows';
import { NodeError } from '../node-error';
import type { WorkingNode } from '../node-types';

/** Longest response body a node's output keeps, in characters. */
const BODY_CHARS = 20_000;

/** A URL with its variables filled in, each value encoded as a URL component (it cannot change the host). */
const urlOf = (url: string, scope: Record<string, unknown>) => renderTemplate(url, scope, encodeURIComponent);

/** A body: in a JSON body each value is escaped as the inside of a JSON string, else inserted as it is. */
function bodyOf(body: string, scope: Record<string, unknown>): string {
  const json = /^\s*[[{]/.test(body);
  return renderTemplate(body, scope, json ? jsonStringContent : undefined);
}

export const httpRequestNode: WorkingNode<'httpRequest'> = async function* (node, scope, run, signal) {
  const url = urlOf(node.data.url, scope);
  const headers = Object.fromEntries(
    Object.entries(node.data.headers ?? {}).map(([name, value]) => [name, renderTemplate(value, scope)]),
  );
  const body = node.data.body !== undefined && node.data.method !== 'GET' ? bodyOf(node.data.body, scope) : undefined;
  const response = await run.services.fetch(url, {
    method: node.data.method,
    headers,
    ...(body !== undefined ? { body } : {}),
    timeoutMs: node.data.timeoutMs ?? httpTimeoutMs,
    signal,
  });
  const text = response.body.toString('utf8').slice(0, BODY_CHARS);
  let json: unknown = null;
  if (/json/i.test(response.contentType)) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  const input = { method: node.data.method, url, ...(body !== undefined ? { body } : {}) };
  if (response.status >= 400)
    throw new NodeError('HTTP_STATUS', `${node.data.method} ${url} answered ${response.status}`);
  return { input, output: { status: response.status, body: text, json } };
};
export const httpTimeoutMs = 10_000;

export const webReaderNode: WorkingNode<'webReader'> = async function* (node, scope, run, signal) {
  const url = urlOf(node.data.url, scope);
  const page = await run.services.readWebPage(url, { timeoutMs: node.data.timeoutMs ?? webTimeoutMs, signal });
  return { input: { url }, output: { title: page.title, text: page.text } };
};
export const webTimeoutMs = 15_000;
