// Test-only: a fake server that answers through the same endpoint descriptors as the real one.
import { FormatRegistry, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { afterEach } from 'vitest';
import type { Endpoint, EndpointAnswer, ErrorResponse, ValidationError } from '../src/contracts';
import { mockFetch, type FakeRequest, type FakeResponse } from './fake-fetch';

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

// TypeBox's checker knows no format until told; the server's validator (ajv-formats) checks date-time as RFC 3339.
const RFC3339_DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (value) => RFC3339_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));

/** A call as a fake route receives it: params, query and body read, coerced and checked as the server's schemas do. */
export type FakeCall<E extends Endpoint> = {
  params: StaticOr<E['params'], Record<string, never>>;
  query: StaticOr<E['query'], Record<string, never>>;
  body: E['bodyAs'] extends 'multipart' ? FormData : StaticOr<E['body'], undefined>;
  request: FakeRequest;
};

/** An error answer of a fake route, in the server's shapes. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | ValidationError,
  ) {}
}

/** A `{ code, message }` refusal, as the server answers a 4xx or 5xx. */
export function refuse(status: number, code: string, message = code): Refusal {
  return new Refusal(status, { code, message });
}

/** A whole `Response` may stand for a streamed or file answer; JSON answers must be the endpoint's. */
type FakeAnswer<E extends Endpoint> =
  EndpointAnswer<E> | Refusal | (E['answer'] extends 'events' | 'blob' ? Response : never);

/** One route of a fake server: an endpoint and what it answers. `undefined` falls through to the next route. */
export type FakeRoute = { endpoint: Endpoint; answer: (call: FakeCall<Endpoint>) => unknown };

/** The route of `endpoint` in a fake server, answering with `answer`. */
export function on<E extends Endpoint>(
  endpoint: E,
  answer: (call: FakeCall<E>) => FakeAnswer<E> | undefined,
): FakeRoute {
  return { endpoint, answer: answer as FakeRoute['answer'] };
}

/** Breaches of a contract seen during the current test; each fails it (below). */
const breaches: string[] = [];

/** Throws when a fake answered what its contract does not allow since the last check; every test ends with one. */
export function assertFakesKeptContracts(): void {
  const seen = breaches.splice(0);
  if (seen.length > 0) throw new Error(`The fake API answered what its contracts do not allow:\n${seen.join('\n')}`);
}
afterEach(assertFakesKeptContracts);

/** An endpoint's path as a pattern whose named groups are its `{name}` parameters (still URL-encoded). */
export function endpointPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${escaped}$`);
}

/** How specific a path is: fewer parameters first, as the server's router prefers static segments. */
const parameterCount = (endpoint: Endpoint) => (endpoint.path.match(/\{/g) ?? []).length;

function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    object[key] = values.length === 1 ? (values[0] as string) : values;
  }
  return object;
}

/** `value` coerced to `schema` with its defaults, as the server's validator does; the 422 details when it does not fit. */
function read(
  part: 'params' | 'querystring' | 'body',
  schema: TSchema | undefined,
  value: unknown,
): { value: unknown; detail: ValidationError['detail'] } {
  if (!schema) return { value, detail: [] };
  const coerced = Value.Default(schema, Value.Convert(schema, Value.Clone(value ?? {})));
  const detail = [...Value.Errors(schema, coerced)].map((error) => ({
    loc: [part, ...error.path.split('/').filter(Boolean)],
    msg: error.message,
    type: 'value_error',
  }));
  return { value: Value.Clean(schema, coerced), detail };
}

function bodyOf(endpoint: Endpoint, request: FakeRequest): unknown {
  if (endpoint.bodyAs === 'multipart') return request.formData;
  if (endpoint.bodyAs === 'form' && request.body === undefined && request.text)
    return Object.fromEntries(new URLSearchParams(request.text));
  return request.body;
}

/**
 * Records a breach (failing the test when it ends) when `answer`, a fake's success answer to `call`
 * (`METHOD /path` as requested), does not fit `endpoint`'s response schema.
 */
export function checkFakeAnswer(endpoint: Endpoint, call: string, answer: unknown): void {
  if (Value.Check(endpoint.response, answer)) return;
  const first = [...Value.Errors(endpoint.response, answer)]
    .slice(0, 3)
    .map((error) => `${error.path || '/'} ${error.message}`);
  breaches.push(`${call}: the answer does not fit ${endpoint.method} ${endpoint.path} (${first.join('; ')})`);
}

function answerOf(endpoint: Endpoint, request: FakeRequest, answer: unknown): FakeResponse {
  if (answer instanceof Refusal) return { status: answer.status, body: answer.body };
  if (answer instanceof Response) return answer;
  checkFakeAnswer(endpoint, `${request.method} ${request.path}`, answer);
  return { body: answer };
}

/**
 * Replaces `fetch` with a server made of `routes`: each request is matched to its endpoint (static
 * paths before parameters, as the server's router does), its params, query and body are coerced and
 * checked against the endpoint's schemas (a misfit is answered 422 as the server would), and each JSON
 * answer is checked against the endpoint's response schema — a fake that answers what the server
 * cannot fails the test. Requests no route answers get 404 `NOT_FOUND`. Returns the requests seen.
 */
export function fakeApi(routes: readonly FakeRoute[]): FakeRequest[] {
  const ordered = [...routes].sort((a, b) => parameterCount(a.endpoint) - parameterCount(b.endpoint));
  const compiled = ordered.map((route) => ({ ...route, pattern: endpointPattern(route.endpoint.path) }));
  return mockFetch((request) => {
    for (const { endpoint, pattern, answer } of compiled) {
      if (endpoint.method !== request.method) continue;
      const match = pattern.exec(request.path);
      if (!match) continue;
      const rawParams = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
      );
      const params = read('params', endpoint.params, rawParams);
      const query = read('querystring', endpoint.query, queryObject(request.query));
      const body =
        endpoint.bodyAs === 'multipart'
          ? { value: bodyOf(endpoint, request), detail: [] }
          : read('body', endpoint.body, bodyOf(endpoint, request));
      const detail = [...params.detail, ...query.detail, ...body.detail];
      if (detail.length > 0) return { status: 422, body: { detail } };
      const answered = answer({
        params: params.value,
        query: query.value,
        body: body.value,
        request,
      } as FakeCall<Endpoint>);
      if (answered !== undefined) return answerOf(endpoint, request, answered);
    }
    return undefined;
  });
}
