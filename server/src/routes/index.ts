import type { FastifyPluginAsync } from 'fastify';
import answersRoutes from './answers/index';
import authRoutes from './auth/index';
import businessScenesRoutes from './business-scenes/index';
import casesRoutes from './cases/index';
import chatRoutes from './chat/index';
import creditsRoutes from './credits/index';
import databasesRoutes from './databases/index';
import datasetsRoutes from './datasets/index';
import flowsRoutes from './flows/index';
import metaRoutes from './meta/index';
import openAiRoutes from './openai/index';
import pluginsRoutes from './plugins/index';
import processesRoutes from './processes/index';
import secretsRoutes from './secrets/index';
import segmentsRoutes from './segments/index';
import sharesRoutes from './shares/index';
import tasksRoutes from './tasks/index';
import tenantsRoutes from './tenants/index';
import uploadsRoutes from './uploads/index';
import usersRoutes from './users/index';
import webRoutes from './web/index';

/** Every route of the server, by area. */
const routes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(authRoutes);
  await fastify.register(tenantsRoutes);
  await fastify.register(usersRoutes);
  await fastify.register(processesRoutes);
  await fastify.register(businessScenesRoutes);
  await fastify.register(flowsRoutes);
  await fastify.register(sharesRoutes);
  await fastify.register(chatRoutes);
  await fastify.register(uploadsRoutes);
  await fastify.register(answersRoutes);
  await fastify.register(secretsRoutes);
  await fastify.register(openAiRoutes);
  await fastify.register(creditsRoutes);
  await fastify.register(datasetsRoutes);
  await fastify.register(databasesRoutes);
  await fastify.register(segmentsRoutes);
  await fastify.register(tasksRoutes);
  await fastify.register(casesRoutes);
  await fastify.register(metaRoutes);
  await fastify.register(pluginsRoutes);
  await fastify.register(webRoutes);
};

export default routes;
