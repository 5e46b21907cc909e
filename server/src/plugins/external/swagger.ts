import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** OpenAPI document at /docs/json (read by tools/spec-coverage.mjs), browsable at /docs. */
export default fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Flotilla API', version: fastify.config.version },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', description: 'Token from POST /v1/login' },
            apiSecret: { type: 'http', scheme: 'bearer', description: "A robot's API secret from POST /v1/secrets" },
          },
        },
      },
    });
    await fastify.register(swaggerUi, { routePrefix: '/docs' });
  },
  { name: 'swagger', decorators: { fastify: ['config'] } },
);
