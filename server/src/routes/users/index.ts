import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateUserBodySchema, ListUsersQuerySchema, UserIdParamsSchema, UserListResponseSchema, UserSchema } from '@flotilla/shared/contracts';
import { AppError, notFound } from '../../lib/app-error';
import { ADMINS } from '../access';

const tags = ['users'];

const usersRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { repos } = fastify;

  fastify.get('/v1/users/list', {
    config: { auth: ADMINS },
    schema: { tags, summary: "Users of the caller's tenant (paged; keyword, role, ban filters)", querystring: ListUsersQuerySchema, response: { 200: UserListResponseSchema } },
    handler: async (request) => repos.users.list(request.auth.tenantId, request.query),
  });

  fastify.post('/v1/users', {
    config: { auth: ADMINS },
    schema: {
      tags,
      summary: "Create a user in the caller's tenant (form or JSON)",
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: CreateUserBodySchema,
      response: { 200: UserSchema },
    },
    handler: async (request) => repos.users.create(request.auth.tenantId, request.body),
  });

  const setBan = (ban: boolean) => async (request: { auth: { tenantId: string; userId: string }; params: { id: string } }) => {
    if (ban && request.params.id === request.auth.userId) throw new AppError(400, 'BAD_REQUEST', 'CANNOT_FREEZE_SELF');
    const user = await repos.users.setBan(request.auth.tenantId, request.params.id, ban);
    if (!user) throw notFound('USER_NOT_FOUND');
    return user;
  };

  fastify.get('/v1/users/:id/freeze', {
    config: { auth: ADMINS },
    schema: { tags, summary: 'Freeze a user: they cannot log in and their tokens stop working', params: UserIdParamsSchema, response: { 200: UserSchema } },
    handler: setBan(true),
  });

  fastify.get('/v1/users/:id/unfreeze', {
    config: { auth: ADMINS },
    schema: { tags, summary: 'Unfreeze a user', params: UserIdParamsSchema, response: { 200: UserSchema } },
    handler: setBan(false),
  });
};

export default usersRoutes;
