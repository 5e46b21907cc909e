import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema, TUnknown } from '@sinclair/typebox';
import type { Endpoint } from '@flotilla/shared/contracts';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';

/** The routes' Fastify instance: TypeBox schemas type each request and answer. */
export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/**
 * The Fastify schema of an endpoint: its parts, and its answer as the 200 response. A file answer's
 * schema only describes it in the API document: the handler sends its bytes (a stream, a buffer).
 */
type SchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  response: { 200: E['answer'] extends 'blob' ? TUnknown : E['response'] };
};

type EndpointRouteOptions<E extends Endpoint> = Omit<
  RouteOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    SchemaOf<E>,
    TypeBoxTypeProvider
  >,
  'method' | 'url' | 'schema'
> & {
  /** The API document's words for the call, and its group. */
  summary: string;
  tags: string[];
  /** More words for the API document, when the summary cannot say it all (limits, accepted types). */
  description?: string;
  /** How the caller authenticates, when not by a console token (e.g. a robot's API secret). */
  security?: Array<Record<string, string[]>>;
  /** Answers besides the 200, when the call's errors do not take the server's shape (an API that copies another's). */
  otherResponses?: Record<string, TSchema>;
  /** A file answer's media type and its words in the API document (an `answer: 'blob'` endpoint). */
  file?: { type: string; description: string };
};

/** Fastify's form of a path: `{name}` → `:name`. */
export function fastifyPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** What the request's body may be sent as, for the API document and the body parsers. */
function consumes(endpoint: Endpoint): string[] | undefined {
  if (endpoint.bodyAs === 'multipart') return ['multipart/form-data'];
  if (endpoint.bodyAs === 'form') return ['application/x-www-form-urlencoded', 'application/json'];
  return undefined;
}

/**
 * Registers the route of `endpoint`: its method, path and schemas come from the endpoint (shared with
 * the browser's client and the test fakes); the route adds who may call it (`config.auth`), its words in
 * the API document and its handler, typed by the endpoint's schemas.
 */
export function route<E extends Endpoint>(
  fastify: ApiInstance,
  endpoint: E,
  { summary, tags, description, security, otherResponses, file, ...options }: EndpointRouteOptions<E>,
): void {
  const schema = {
    tags,
    summary,
    ...(description && { description }),
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    ...(endpoint.body && { body: endpoint.body }),
    ...(consumes(endpoint) && { consumes: consumes(endpoint) }),
    ...(security && { security }),
    response: {
      200: file
        ? { description: file.description, content: { [file.type]: { schema: endpoint.response } } }
        : endpoint.response,
      ...otherResponses,
    },
  } as SchemaOf<E>;
  fastify.route<RouteGenericInterface, ContextConfigDefault, SchemaOf<E>>({
    ...options,
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    schema,
  });
}
