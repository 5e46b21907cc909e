import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import answerEngine from './plugins/app/answer-engine';
import apiConventions from './plugins/app/api-conventions';
import authentication from './plugins/app/authentication';
import databaseReaders from './plugins/app/database-readers';
import bootstrap from './plugins/app/bootstrap';
import documentParser from './plugins/app/document-parser';
import embedder from './plugins/app/embedder';
import errorHandler from './plugins/app/error-handler';
import jobWorker from './plugins/app/job-worker';
import repositories from './plugins/app/repositories';
import smsCodes from './plugins/app/sms-codes';
import bodyParsers from './plugins/external/body-parsers';
import compression from './plugins/external/compression';
import database from './plugins/external/database';
import securityHeaders from './plugins/external/security-headers';
import staticFiles from './plugins/external/static';
import swagger from './plugins/external/swagger';
import routes from './routes/index';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export type App = FastifyInstance;

/**
 * The whole server as a Fastify instance, not listening (server.ts listens; tests inject). Plugins load
 * in layers, as in fastify/demo: external (database, security headers and CORS, parsers, docs, static files) → app (errors, route
 * conventions, repositories, first-start data, authentication) → routes.
 */
export async function buildApp(config: Config): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // A line per request only when asked for (debug, trace): at the default level the console's first page
    // alone would print hundreds. Failures are still logged, by the error handler.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    trustProxy: config.trustProxy,
    // Form bodies and query strings arrive as strings: coerce them to the schema's types. A list of types
    // (a table cell: text, number, boolean or null) coerces only a value that matches none of them.
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        useDefaults: true,
        removeAdditional: true,
        allErrors: false,
        allowUnionTypes: true,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);

  await app.register(database);
  await app.register(securityHeaders);
  await app.register(compression);
  await app.register(bodyParsers);
  await app.register(swagger);
  await app.register(staticFiles);

  await app.register(errorHandler);
  await app.register(apiConventions);
  await app.register(repositories);
  await app.register(smsCodes);
  await app.register(embedder);
  await app.register(documentParser);
  await app.register(databaseReaders);
  await app.register(answerEngine);
  await app.register(jobWorker);
  await app.register(bootstrap);
  await app.register(authentication);

  await app.register(routes);
  return app as unknown as App;
}
