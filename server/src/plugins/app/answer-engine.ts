import fp from 'fastify-plugin';
import { createAnswerEngine, type AnswerEngine } from '../../engine/answer-engine';

declare module 'fastify' {
  interface FastifyInstance {
    answers: AnswerEngine;
  }
}

/** The answer engine (server/src/engine), one per server, shared by `/v2/qa` and `/v1/chat/completions`. */
export default fp(
  async (fastify) => {
    const answers = createAnswerEngine(
      fastify.repos,
      fastify.config,
      fastify.embedder,
      fastify.parser,
      fastify.databaseReaders,
      fastify.log,
    );
    fastify.decorate('answers', answers);
    fastify.addHook('onClose', () => answers.close());
  },
  { name: 'answer-engine', dependencies: ['repositories', 'embedder', 'document-parser', 'database-readers'] },
);
