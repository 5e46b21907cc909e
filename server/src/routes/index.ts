import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/index';
import casesRoutes from './cases/index';
import datasetsRoutes from './datasets/index';
import metaRoutes from './meta/index';
import processesRoutes from './processes/index';
import sharesRoutes from './shares/index';
import tenantsRoutes from './tenants/index';
import usersRoutes from './users/index';
import webRoutes from './web/index';

/** Every route of the server, by area. */
const routes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(authRoutes);
  await fastify.register(tenantsRoutes);
  await fastify.register(usersRoutes);
  await fastify.register(processesRoutes);
  await fastify.register(sharesRoutes);
  await fastify.register(datasetsRoutes);
  await fastify.register(casesRoutes);
  await fastify.register(metaRoutes);
  await fastify.register(webRoutes);
};

export default routes;
