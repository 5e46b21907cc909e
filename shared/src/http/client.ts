import { createEvent } from 'effector';
import { LIMITS } from '../contracts';
import { $token, forbidden, forcedLogout } from '../auth/auth.model';
import { $locale } from '../i18n/i18n';
import { HttpError, messageOf, SELF_REPORTED_CODES } from './http-error';

/** A request failed in a way the shell reports as a notice (400, 422, 500, network); see spec §8. */
export const requestFailed = createEvent<{ status: number; message: string }>();

type HttpConfig = { baseUrl: string; timeoutMs: number };
const config: HttpConfig = { baseUrl: '', timeoutMs: LIMITS.requestTimeoutMs };

/** Sets the API base URL (deployment configuration) and, for tests, the timeout. */
export function configureHttp(next: Partial<HttpConfig>): void {
  Object.assign(config, next);
}

export type QueryValue = string | number | boolean | undefined | null;
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
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
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
 * Statuses below 500 that get a notice. The specification names 400 and 422; 429 (rate limits) is a
 * notice too. A 404 or 409 is an answer the page itself shows (a not-found state, a taken name).
 */
const NOTICE_STATUSES = new Set([400, 422, 429]);

/** Reports a failure on the bus as the error catalogue of spec §8 says. */
function report(status: number, body: unknown, message: string, inline = false): void {
  const code = (body as { code?: unknown } | null)?.code;
  if (status === 401) {
    if (!(body && typeof body === 'object' && 'isLogin' in body)) forcedLogout(message);
    return;
  }
  if (status === 403) return void forbidden(message);
  if ((SELF_REPORTED_CODES as readonly unknown[]).includes(code)) return;
  if (inline && status >= 400 && status < 500) return;
  if (!NOTICE_STATUSES.has(status) && status < 500) return;
  requestFailed({ status, message });
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
 * The one HTTP client: base URL from configuration, `Authorization: Bearer <token>`, timeout
 * 200000 ms, answers unwrapped to their body, every failure rejected with an {@link HttpError}.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
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
    const message = timedOut ? 'Request timed out' : aborted ? 'Request cancelled' : 'Network error';
    const error = new HttpError(0, timedOut ? 'TIMEOUT' : aborted ? 'ABORTED' : 'NETWORK', message, cause);
    if (!options.silent && !aborted) requestFailed({ status: 0, message });
    throw error;
  }

  if (!response.ok) {
    const errorBody = await readBody(response);
    const message = messageOf(errorBody, response.statusText || `HTTP ${response.status}`);
    const code = (errorBody as { code?: unknown } | null)?.code;
    if (!options.silent) report(response.status, errorBody, message, options.inline);
    throw new HttpError(response.status, typeof code === 'string' ? code : `HTTP_${response.status}`, message, errorBody);
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

/** Shorthands of {@link request}. */
export const http = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
