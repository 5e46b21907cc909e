import type { Static, TSchema } from '@sinclair/typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API, declared once: the server registers its route from it
 * (`server/src/routes/endpoint-route.ts`), the browser calls it with `request(endpoint, input)`
 * (`@flotilla/shared`), and test fakes answer it (`@flotilla/shared/test`); all three check the same
 * schemas. See docs/architecture.md, "Adding a call".
 */
export type Endpoint = {
  readonly method: HttpMethod;
  /** The path as the API document shows it, with `{name}` for each path parameter. */
  readonly path: string;
  readonly params?: TSchema;
  readonly query?: TSchema;
  /** The JSON or form body's schema (a multipart body is read by the route itself, within its budgets). */
  readonly body?: TSchema;
  /**
   * How the body travels: JSON (the default); `form`, url-encoded (the server takes JSON as well);
   * `multipart`, with files.
   */
  readonly bodyAs?: 'json' | 'form' | 'multipart';
  /** The answer of a success (200). */
  readonly response: TSchema;
  /**
   * How the browser reads the answer: JSON (the default); `blob`, a file; `events`, a text/event-stream
   * whose events `events` describes (the call then answers `response` only when asked not to stream).
   */
  readonly answer?: 'json' | 'blob' | 'events';
  readonly events?: TSchema;
};

/** Declares an endpoint, keeping its literal types (the method, the path, each schema). */
export function endpoint<const E extends Endpoint>(declared: E): E {
  return declared;
}

type StaticOf<S> = S extends TSchema ? Static<S> : never;

/** What a call of `E` sends: its params, query and body, each present only when `E` declares it. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends TSchema
  ? { params: StaticOf<E['params']> }
  : { params?: never }) &
  (E['query'] extends TSchema ? { query: StaticOf<E['query']> } : { query?: never }) &
  (E['bodyAs'] extends 'multipart'
    ? { body: FormData }
    : E['body'] extends TSchema
      ? { body: StaticOf<E['body']> }
      : { body?: never });

/** The answer of a successful call of `E` as the browser reads it. */
export type EndpointAnswer<E extends Endpoint> = E['answer'] extends 'blob' ? Blob : StaticOf<E['response']>;

/** One event of a streamed answer of `E`. */
export type EndpointEvent<E extends Endpoint> = StaticOf<E['events']>;

/** `path` with each `{name}` replaced by its parameter, URL-encoded. */
export function endpointPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`${path}: missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}
