import fp from 'fastify-plugin';
import { ErrorResponseSchema, ValidationErrorSchema, type RouteRoles } from '@flotilla/shared/contracts';
import { nonFiniteAt } from '../../lib/finite-numbers';
import { closedSchema, unboundedParts } from '../../lib/request-schema';
import { schemaFailure } from '../../lib/validation-detail';

/** Who may call a route: `'public'`, or the roles allowed (`'*'`: any logged-in user). */
export type RouteAuth = 'public' | RouteRoles;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

/** The parts of a request a route's schema checks (headers are left open: clients send many). */
const REQUEST_PARTS = ['body', 'querystring', 'params'] as const;

/**
 * Applied to every API route as it is declared: refuses to start when a route does not declare its
 * `config.auth` (so none is public by omission) or lets unbounded input through (see request-schema),
 * closes its request schemas so undeclared fields are dropped, refuses non-finite numbers after validation, marks authenticated routes with the bearer scheme in
 * the OpenAPI document, and adds the error answers every route can give.
 */
export default fp(
  async (fastify) => {
    // After validation (and its coercion), before any handler: no Infinity or NaN reaches a repository.
    fastify.addHook('preHandler', async (request) => {
      for (const [context, value] of [
        ['body', request.body],
        ['querystring', request.query],
        ['params', request.params],
      ] as const) {
        const at = nonFiniteAt(value);
        if (at)
          throw schemaFailure(context, [
            { keyword: 'finite', instancePath: at.map((p) => `/${p}`).join(''), params: {} },
          ]);
      }
    });

    fastify.addHook('onRoute', (route) => {
      if (!/^\/(v1|v2|api)\//.test(route.url)) return;
      const auth = route.config?.auth;
      if (auth === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} must declare config.auth ('public' or its roles)`);
      }
      const schema = (route.schema ??= {});
      for (const part of REQUEST_PARTS) {
        if (schema[part] === undefined) continue;
        const unbounded = unboundedParts(schema[part]);
        if (unbounded.length > 0)
          throw new Error(`Route ${String(route.method)} ${route.url} ${part}: ${unbounded.join('; ')}`);
        schema[part] = closedSchema(schema[part]);
      }
      if (auth !== 'public') Object.assign(schema, { security: [{ bearerAuth: [] }] });
      schema.response = {
        '4xx': ErrorResponseSchema,
        422: ValidationErrorSchema,
        '5xx': ErrorResponseSchema,
        ...(schema.response as Record<string, unknown> | undefined),
      };
    });
  },
  { name: 'api-conventions' },
);
