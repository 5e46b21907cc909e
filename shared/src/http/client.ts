import { createEvent } from 'effector';
import {
  CLIENT_ERRORS,
  endpointPath,
  LIMITS,
  type Endpoint,
  type EndpointAnswer,
  type EndpointInput,
} from '../contracts';
import { $token, forbidden, forcedLogout } from '../auth/auth.model';
import { $locale } from '../i18n/i18n';
import { HttpError, messageOf, SELF_REPORTED_CODES } from './http-error';

/** A request failed in a way the shell reports as a notice (400, 422, 429, 5xx, network); see docs/product-rules.md, Error catalogue. */
export const requestFailed = createEvent<RequestFailure>();

/**
 * A failure the shell shows: the server's `code` and `message` (in the user's language already), or
 * status 0 with a client error code (network, timeout), which the shell words in the user's language.
 */
export type RequestFailure = { status: number; code: string; message: string };

type HttpConfig = { baseUrl: string; timeoutMs: number };
const config: HttpConfig = { baseUrl: '', timeoutMs: LIMITS.requestTimeoutMs };

/** Sets the API base URL (deployment configuration) and, for tests, the timeout. */
export function configureHttp(next: Partial<HttpConfig>): void {
  Object.assign(config, next);
}

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number | boolean)[];
export type RequestOptions = {
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** `application/x-www-form-urlencoded` body (calls marked "form"), or multipart with FormData. */
  form?: Record<string, string | number | boolean> | FormData;
  signal?: AbortSignal;
  /** `blob` for exports, `text` for plain answers, `response` for streams (SSE). Default JSON. */
  responseType?: 'json' | 'blob' | 'text' | 'response';
  /** Do not report failures on the bus (the caller shows its own error, e.g. the login form). */
  silent?: boolean;
  /**
   * The page shows this call's refusals (400, 409, 422, 429) itself, next to the form or message that
   * caused them: no global notice for those, so the user does not read the error twice. 401, 403, 5xx
   * and network failures are still reported as usual.
   */
  inline?: boolean;
};

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null && item !== '') params.append(key, String(item));
    }
  }
  const qs = params.toString();
  return `${config.baseUrl}${path}${qs ? `?${qs}` : ''}`;
}

function buildBody(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.form instanceof FormData) return { body: options.form };
  if (options.form) {
    const entries = Object.entries(options.form).map(([k, v]) => [k, String(v)]);
    return { body: new URLSearchParams(entries), contentType: 'application/x-www-form-urlencoded' };
  }
  if (options.body !== undefined) return { body: JSON.stringify(options.body), contentType: 'application/json' };
  return {};
}

/**
 * Statuses below 500 that get a notice: 400, 422 and 429 (rate limits). A 404 or 409 is an answer the
 * page itself shows (a not-found state, a taken name).
 */
const NOTICE_STATUSES = new Set([400, 422, 429]);

/** Reports a failure on the bus as docs/product-rules.md's error catalogue says. */
function report(status: number, code: string, body: unknown, message: string, inline = false): void {
  if (status === 401) {
    if (!(body && typeof body === 'object' && 'isLogin' in body)) forcedLogout(message);
    return;
  }
  if (status === 403) return void forbidden(message);
  if ((SELF_REPORTED_CODES as readonly unknown[]).includes(code)) return;
  if (inline && status >= 400 && status < 500) return;
  if (!NOTICE_STATUSES.has(status) && status < 500) return;
  requestFailed({ status, code, message });
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one HTTP transport under {@link request}: base URL from configuration, `Authorization: Bearer
 * <token>`, timeout 200000 ms, answers unwrapped to their body, every failure rejected with an
 * {@link HttpError}. Pages call endpoints with {@link request}, never paths.
 */
export async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = $token.getState();
  const { body, contentType } = buildBody(options);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': $locale.getState() };
  if (contentType) headers['Content-Type'] = contentType;
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal });
  } catch (cause) {
    const aborted = options.signal?.aborted;
    const timedOut = timeout.aborted;
    const code = timedOut ? CLIENT_ERRORS.timeout : aborted ? CLIENT_ERRORS.aborted : CLIENT_ERRORS.network;
    // The message is for logs and developers; pages and notices word the code in the user's language.
    const message = timedOut ? 'Request timed out' : aborted ? 'Request cancelled' : 'Network error';
    if (!options.silent && !aborted) requestFailed({ status: 0, code, message });
    throw new HttpError(0, code, message, cause);
  }

  if (!response.ok) {
    const errorBody = await readBody(response);
    const message = messageOf(errorBody, response.statusText || `HTTP ${response.status}`);
    const bodyCode = (errorBody as { code?: unknown } | null)?.code;
    const code = typeof bodyCode === 'string' ? bodyCode : `HTTP_${response.status}`;
    if (!options.silent) report(response.status, code, errorBody, message, options.inline);
    throw new HttpError(response.status, code, message, errorBody);
  }
  switch (options.responseType) {
    case 'response':
      return response as T;
    case 'blob':
      return (await response.blob()) as T;
    case 'text':
      return (await response.text()) as T;
    default:
      return (await readBody(response)) as T;
  }
}

/** How a page wants one call handled; see {@link RequestOptions}. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'silent' | 'inline'>;

/** What {@link request} takes for `E`: its params, query and body as declared, and the call's options. */
export type CallInput<E extends Endpoint> = EndpointInput<E> & CallOptions;

/** The input is optional for a call that declares no params, query or body. */
export type CallArgs<E extends Endpoint> =
  object extends EndpointInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** The URL and options of one call of `endpoint`, as {@link send} takes them. */
export function callOf(endpoint: Endpoint, input: object = {}): { path: string; options: RequestOptions } {
  const { params, query, body, ...options } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
  } & CallOptions;
  const path = endpointPath(endpoint.path, params);
  if (body === undefined) return { path, options: { ...options, query } };
  if (endpoint.bodyAs === 'multipart') return { path, options: { ...options, query, form: body as FormData } };
  if (endpoint.bodyAs === 'form')
    return { path, options: { ...options, query, form: body as Record<string, string | number | boolean> } };
  return { path, options: { ...options, query, body } };
}

/**
 * Calls `endpoint` with its params, query and body (each as the endpoint declares it) and answers its
 * response, typed by the endpoint: `request(UpdateShare, { params, body })`.
 */
export function request<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<EndpointAnswer<E>> {
  const { path, options } = callOf(endpoint, input);
  return send<EndpointAnswer<E>>(endpoint.method, path, {
    ...options,
    responseType: endpoint.answer === 'blob' ? 'blob' : 'json',
  });
}
