import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ListDatabaseQueries } from '@flotilla/shared/contracts';
import { found } from '../../lib/app-error';
import { STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['databases'];

const databaseQueriesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { databases, databaseQueries } = fastify.repos;

  route(fastify, ListDatabaseQueries, {
    config: { auth: STAFF },
    tags,
    summary: "The queries robots ran or were refused on one of the tenant's databases, newest first",
    description:
      'Each entry: the robot (its name now), the session, the question, how the robot read (`key`: by key values ' +
      'of the question, `sql`: SQL a model wrote), the statement (key lookups with their values as parameters), ' +
      'the rows it gave, its time and, when it did not run or failed, why (`refused`). Filters: `processId`, ' +
      '`refused`. 404 DATABASE_NOT_FOUND for a database of no such id in the tenant.',
    handler: async (request) => {
      const { tenantId } = request.auth;
      found(await databases.get(tenantId, request.params.id), 'DATABASE_NOT_FOUND');
      return databaseQueries.list(tenantId, request.params.id, request.query);
    },
  });
};

export default databaseQueriesRoutes;
