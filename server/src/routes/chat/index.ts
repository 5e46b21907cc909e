import type { FastifyPluginAsync } from 'fastify';
import chatCompletionsRoutes from './completions';
import chatSessionsRoutes from './sessions';
import sharePageRoutes from './share-page';
import ttsRoutes from './tts';

/** The chat's calls: sessions, messages and their feedback and review, the share page's look, and reading aloud. */
const chatRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(chatSessionsRoutes);
  await fastify.register(chatCompletionsRoutes);
  await fastify.register(sharePageRoutes);
  await fastify.register(ttsRoutes);
};

export default chatRoutes;
