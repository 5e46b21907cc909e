import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeleteCompletion,
  DeleteSessionCompletion,
  GetRobotAnswer,
  ListRobotAnswers,
  ListRobotSessions,
  ListSessionCompletions,
  SendFeedback,
  SetAnswerChecked,
} from '@flotilla/shared/contracts';
import { found, notFound } from '../../lib/app-error';
import { OPERATORS, PUBLIC, REVIEWERS, STAFF } from '../access';
import { route } from '../endpoint-route';
import { resolveChatter } from './chat-access';

const tags = ['chat'];

/**
 * Completions (question + answer pairs): the chatter's own (messages of a session, deleting a pair,
 * feedback) and the robot's logs for staff (one answer, a robot's answers and sessions, review, delete).
 */
const chatCompletionsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { chats, processes } = fastify.repos;

  /** The robot of the caller's tenant, or 404 ROBOT_NOT_FOUND (another tenant's robot included). */
  const requireRobot = async (tenantId: string, processId: string) => {
    if (!(await processes.get(tenantId, processId))) throw notFound('ROBOT_NOT_FOUND');
  };

  route(fastify, ListSessionCompletions, {
    config: { auth: PUBLIC },
    tags,
    summary:
      "Messages of one of the chatter's sessions, newest first (page of 10); 404 SESSION_NOT_FOUND when the session is not theirs",
    handler: async (request) => {
      const chatter = await resolveChatter(fastify, request, request.query, request.params.userId);
      return found(
        await chats.listSessionCompletions(chatter, request.params.sessionId, request.query),
        'SESSION_NOT_FOUND',
      );
    },
  });

  route(fastify, DeleteSessionCompletion, {
    config: { auth: PUBLIC },
    tags,
    summary:
      'The chatter deletes one message pair of their session (the chat removes it once this answers); 404 COMPLETION_NOT_FOUND when it is not theirs',
    handler: async (request) => {
      const { userId, sessionId, id } = request.params;
      const chatter = await resolveChatter(fastify, request, request.query, userId);
      if (!(await chats.removeOwnCompletion(chatter, sessionId, id))) throw notFound('COMPLETION_NOT_FOUND');
      return { ok: true as const };
    },
  });

  route(fastify, ListRobotAnswers, {
    config: { auth: STAFF },
    tags,
    summary: "A robot's answers for its logs, newest first, by session, feedback and review state",
    handler: async (request) => {
      await requireRobot(request.auth.tenantId, request.query.processId);
      return chats.listRobotCompletions(request.auth.tenantId, request.query);
    },
  });

  route(fastify, ListRobotSessions, {
    config: { auth: STAFF },
    tags,
    summary:
      "A robot's sessions (every chatter's, empty ones too) with how many answers each holds, newest activity first",
    handler: async (request) => {
      await requireRobot(request.auth.tenantId, request.body.processId);
      return chats.listRobotSessions(request.auth.tenantId, request.body.processId, request.body);
    },
  });

  route(fastify, GetRobotAnswer, {
    config: { auth: STAFF },
    tags,
    summary: 'One answer as the logs show it: who asked, model, tokens, latency, cost',
    handler: async (request) =>
      found(await chats.getLog(request.auth.tenantId, request.params.completionId), 'COMPLETION_NOT_FOUND'),
  });

  route(fastify, DeleteCompletion, {
    config: { auth: OPERATORS },
    tags,
    summary: "Delete an answer from a robot's logs (and from its chatter's session)",
    handler: async (request) => {
      if (!(await chats.removeCompletion(request.auth.tenantId, request.params.completionId)))
        throw notFound('COMPLETION_NOT_FOUND');
      return { ok: true as const };
    },
  });

  route(fastify, SendFeedback, {
    config: { auth: PUBLIC },
    tags,
    summary:
      'Like or dislike an answer, with a comment (null clears both); only the chatter who asked, a visitor through shareId or staff through processId',
    handler: async (request) => {
      const chatter = await resolveChatter(fastify, request, request.body, request.body.userId);
      const { feedback, text = '' } = request.body;
      return found(
        await chats.setFeedback(chatter, request.params.completionId, feedback, text.trim()),
        'COMPLETION_NOT_FOUND',
      );
    },
  });

  route(fastify, SetAnswerChecked, {
    config: { auth: REVIEWERS },
    tags,
    summary: 'Mark an answer reviewed, or not (agents and admins)',
    handler: async (request) =>
      found(
        await chats.setChecked(request.auth.tenantId, request.params.completionId, request.body.checked),
        'COMPLETION_NOT_FOUND',
      ),
  });
};

export default chatCompletionsRoutes;
