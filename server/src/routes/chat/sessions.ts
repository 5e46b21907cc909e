import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateChatSession, ListChatSessions, RenameChatSession } from '@flotilla/shared/contracts';
import { found } from '../../lib/app-error';
import { RateWindow } from '../../lib/rate-window';
import { PUBLIC } from '../access';
import { route } from '../endpoint-route';
import { checkVisitorRate, resolveChatter } from './chat-access';

const tags = ['chat'];

/**
 * A chatter's sessions with one robot. Every call serves a public visitor (`shareId`, the visitor uuid
 * as `userId`) and a logged-in staff member (`processId` + token, `userId` their own id): resolveChatter
 * decides, and nobody reaches another chatter's sessions (404, as if they did not exist).
 */
const chatSessionsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { chats } = fastify.repos;
  // New sessions by visitors count against the share's per-minute limit, apart from questions.
  const visitorSessions = new RateWindow();

  route(fastify, ListChatSessions, {
    config: { auth: PUBLIC },
    tags,
    summary:
      "The chatter's sessions with a robot, newest activity first (page of 40): a visitor through shareId, staff through processId with a token",
    handler: async (request) => {
      const chatter = await resolveChatter(fastify, request, request.query, request.params.userId);
      return chats.listSessions(chatter, request.query);
    },
  });

  route(fastify, CreateChatSession, {
    config: { auth: PUBLIC },
    tags,
    summary: 'Start a new, empty session (the chat puts it on top and makes it active)',
    handler: async (request) => {
      const chatter = await resolveChatter(fastify, request, request.body, request.body.userId);
      checkVisitorRate(visitorSessions, request, chatter);
      return chats.createSession(chatter, request.body.title?.trim() ?? '');
    },
  });

  route(fastify, RenameChatSession, {
    config: { auth: PUBLIC },
    tags,
    summary: "Rename one of the chatter's sessions (404 SESSION_NOT_FOUND when it is not theirs)",
    handler: async (request) => {
      const chatter = await resolveChatter(fastify, request, request.body, request.body.userId);
      return found(
        await chats.renameSession(chatter, request.body.sessionId, request.body.title.trim()),
        'SESSION_NOT_FOUND',
      );
    },
  });
};

export default chatSessionsRoutes;
