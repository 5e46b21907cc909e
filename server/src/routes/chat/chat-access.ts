import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { VisitorIdSchema, type ChatTargetQuery } from '@flotilla/shared/contracts';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { shareOriginAllowed } from '../../lib/origins';
import { RateWindow } from '../../lib/rate-window';
import type { ChatAccess } from '../../plugins/app/chats/chats-repository';
import { STAFF } from '../access';

/** A 403 ORIGIN_NOT_ALLOWED unless the calling page may use a share with these allowed origins. */
export function checkShareOrigin(
  fastify: FastifyInstance,
  request: FastifyRequest,
  allowedOrigins: readonly string[],
): void {
  if (!shareOriginAllowed(request, allowedOrigins, fastify.config.publicOrigins))
    throw new AppError(403, 'ORIGIN_NOT_ALLOWED');
}

/**
 * Who is chatting, for the chat calls that serve both a public visitor (`shareId` + a visitor uuid as
 * `userId`) and a logged-in staff member (`processId` + a token; `userId` must be their own id).
 * Exactly one of `shareId` and `processId`; a dead share or another tenant's robot is a 404.
 */
export async function resolveChatter(
  fastify: FastifyInstance,
  request: FastifyRequest,
  target: ChatTargetQuery,
  userId: string | undefined,
): Promise<ChatAccess> {
  const { shareId, processId } = target;
  if ((shareId === undefined) === (processId === undefined))
    throw new AppError(400, 'BAD_REQUEST', 'CHAT_TARGET_REQUIRED');
  if (shareId !== undefined) {
    const share = await fastify.repos.shares.publicTarget(shareId);
    if (!share) throw notFound('SHARE_NOT_FOUND');
    checkShareOrigin(fastify, request, share.allowedOrigins);
    if (userId === undefined || !Value.Check(VisitorIdSchema, userId))
      throw new AppError(400, 'BAD_REQUEST', 'VISITOR_ID_REQUIRED');
    return {
      tenantId: share.tenantId,
      processId: share.processId,
      adminId: share.adminId,
      userId: userId.toLowerCase(),
      channel: 'visitor',
      shareId,
      rateLimitPerMinute: share.rateLimitPerMinute,
    };
  }
  const session = await fastify.requireSession(request, STAFF);
  if (userId !== undefined && userId !== session.userId) throw forbidden('NOT_YOUR_CHAT');
  const robot = await fastify.repos.processes.get(session.tenantId, processId as string);
  if (!robot) throw notFound('ROBOT_NOT_FOUND');
  return {
    tenantId: session.tenantId,
    processId: robot.processId,
    adminId: robot.adminId,
    userId: session.userId,
    channel: 'staff',
  };
}

/**
 * A visitor's questions per minute, by the share's limit, counted per visitor and per client address
 * (five times the limit: an office shares one address), so a new uuid per question does not escape it.
 */
export function checkVisitorRate(visitorQuestions: RateWindow, request: FastifyRequest, access: ChatAccess): void {
  if (access.channel !== 'visitor' || access.rateLimitPerMinute === undefined) return;
  const limit = access.rateLimitPerMinute;
  const byVisitor = visitorQuestions.hit(`${access.shareId}:v:${access.userId}`, limit);
  const byAddress = visitorQuestions.hit(`${access.shareId}:ip:${clientKey(request.ip)}`, limit * 5);
  if (!byVisitor || !byAddress) throw new AppError(429, 'RATE_LIMITED');
}
