import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateTenant } from '@flotilla/shared/contracts';
import { forbidden } from '../../lib/app-error';
import { ADMINS } from '../access';
import { route } from '../endpoint-route';

const tenantsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(fastify, CreateTenant, {
    config: { auth: ADMINS },
    tags: ['tenants'],
    summary: 'Create a tenant with its first admin (platform owner only)',
    handler: async (request) => {
      if (!request.auth.isPlatformOwner) throw forbidden('PLATFORM_OWNER_ONLY');
      const { name, adminUsername, adminPassword } = request.body;
      return fastify.repos.tenants.createWithAdmin(name, {
        username: adminUsername,
        password: adminPassword,
        role: 'admin',
      });
    },
  });
};

export default tenantsRoutes;
