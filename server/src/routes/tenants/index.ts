import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateTenantBodySchema, CreateTenantResponseSchema } from '@flotilla/shared/contracts';
import { forbidden } from '../../lib/app-error';
import { ADMINS } from '../access';

const tenantsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.post('/v1/tenants', {
    config: { auth: ADMINS },
    schema: {
      tags: ['tenants'],
      summary: 'Create a tenant with its first admin (platform owner only)',
      body: CreateTenantBodySchema,
      response: { 200: CreateTenantResponseSchema },
    },
    handler: async (request) => {
      if (!request.auth.isPlatformOwner) throw forbidden('PLATFORM_OWNER_ONLY');
      const { name, adminUsername, adminPassword } = request.body;
      return fastify.repos.tenants.createWithAdmin(name, { username: adminUsername, password: adminPassword, role: 'admin' });
    },
  });
};

export default tenantsRoutes;
