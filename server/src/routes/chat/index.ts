import type { FastifyPluginAsync } from 'fastify';
import chatCompletionsRoutes from './completions';
import chatSessionsRoutes from './sessions';
import sharePageRoutes from './share-page';

/** The chat's calls: sessions, messages and their feedback and review, and the share page's look. */
const chatRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(chatSessionsRoutes);
  await fastify.register(chatCompletionsRoutes);
  await fastify.register(sharePageRoutes);
};

export default chatRoutes;
