import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CountFilledCaseForms,
  CreateCase,
  GetCase,
  GetCasePreviewUi,
  GetCaseShareInfo,
  ListCaseCompletions,
  ListCases,
  ListFilledCaseForms,
  SplitCase,
  UpdateCase,
} from '@flotilla/shared/contracts';
import { routeOpenedCase } from '../../cases/route-opened-case';
import { AppError, found, invalidInput, notFound } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { RateWindow } from '../../lib/rate-window';
import { PUBLIC, STAFF } from '../access';
import { checkShareOrigin, checkVisitorRate, resolveChatter } from '../chat/chat-access';
import { route } from '../endpoint-route';
import { viewerOf } from './case-viewer';

const tags = ['cases'];

/** The most cases a visitor's list shows. */
const VISITOR_CASES_MAX = 50;

/** 422 for a time the schema's format lets through but no date holds (a leap second, 23:59:60). */
function checkInstant(value: string | undefined, name: 'from' | 'to'): void {
  if (value !== undefined && Number.isNaN(new Date(value).getTime()))
    throw invalidInput(['query', name], 'VALIDATION_FAILED');
}

const casesRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { cases, caseForms, processes, users, shares } = fastify.repos;
  // The share page's case calls count against the share's per-minute limit, apart from questions.
  const visitorCalls = new RateWindow();

  /** 404 unless the user is one of the tenant (another tenant's is unknown here); 422 when they are frozen. */
  const checkAssignee = async (tenantId: string, assigneeId: string | null | undefined) => {
    if (assigneeId === null || assigneeId === undefined) return;
    const user = await users.get(tenantId, assigneeId);
    if (!user) throw notFound('USER_NOT_FOUND');
    if (user.ban) throw invalidInput(['body', 'assigneeId'], 'CASE_ASSIGNEE_INVALID');
  };

  route(fastify, ListCases, {
    config: { auth: STAFF },
    tags,
    summary:
      'Cases the caller may see, newest first (paged; keyword, robot, team, assignee, status, from/to filters); agents see their teams’ cases and those given to them',
    handler: async (request) => {
      checkInstant(request.query.from, 'from');
      checkInstant(request.query.to, 'to');
      return cases.list(await viewerOf(fastify, request), request.query);
    },
  });

  route(fastify, CreateCase, {
    config: { auth: STAFF },
    tags,
    summary:
      'Open a case by hand for one of the tenant’s robots (optionally from one of its conversations: one case per conversation, 409 when it has one); routed like an opened case',
    handler: async (request) => {
      const { tenantId } = request.auth;
      const body = request.body;
      const robot = found(await processes.get(tenantId, body.processId), 'ROBOT_NOT_FOUND');
      if (body.sessionId !== undefined) {
        if (!(await cases.robotHasSession(tenantId, robot.processId, body.sessionId)))
          throw notFound('SESSION_NOT_FOUND');
      }
      const id = await cases.open(
        tenantId,
        {
          processId: robot.processId,
          title: body.title.trim() || body.title,
          source: 'manual',
          ...(body.customer !== undefined ? { customer: body.customer } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          ...(body.form !== undefined ? { form: body.form } : {}),
          ...(body.notes !== undefined ? { notes: body.notes } : {}),
          ...(body.sessionId !== undefined ? { sessionId: body.sessionId } : {}),
        },
        routeOpenedCase,
      );
      if (id === undefined) throw new AppError(409, 'CONFLICT', 'CASE_SESSION_HAS_CASE');
      return found(await cases.get({ tenantId, userId: request.auth.userId, agentOnly: false }, id), 'CASE_NOT_FOUND');
    },
  });

  route(fastify, SplitCase, {
    config: { auth: STAFF },
    tags,
    summary: 'A case’s conversation in stages: enquiry, collection of its fields, follow-up (empty stages left out)',
    handler: async (request) =>
      found(await cases.split(await viewerOf(fastify, request), request.query.caseId), 'CASE_NOT_FOUND'),
  });

  route(fastify, ListCaseCompletions, {
    config: { auth: STAFF },
    tags,
    summary: 'The messages of a case’s conversation, oldest first (paged; empty for a case opened without one)',
    handler: async (request) =>
      found(
        await cases.completions(await viewerOf(fastify, request), request.query.caseId, request.query),
        'CASE_NOT_FOUND',
      ),
  });

  route(fastify, ListFilledCaseForms, {
    config: { auth: STAFF },
    tags,
    summary: 'The collected fields of the cases the caller may see, newest first (paged; by robot)',
    handler: async (request) => cases.filledForms(await viewerOf(fastify, request), request.query),
  });

  route(fastify, CountFilledCaseForms, {
    config: { auth: STAFF },
    tags,
    summary: 'How many cases the caller may see have collected fields (by robot)',
    handler: async (request) => ({
      total: await cases.countFilledForms(await viewerOf(fastify, request), request.query.processId),
    }),
  });

  route(fastify, GetCaseShareInfo, {
    config: { auth: PUBLIC },
    tags,
    summary:
      'A share link’s visitor’s cases (opened by their conversations through that share), newest first; 404 for a dead share; rate-limited by the share',
    handler: async (request) => {
      const access = await resolveChatter(
        fastify,
        request,
        { shareId: request.query.shareId },
        request.query.visitorId,
      );
      checkVisitorRate(visitorCalls, request, access);
      return {
        list: await cases.visitorCases(access.tenantId, request.query.shareId, access.userId, VISITOR_CASES_MAX),
      };
    },
  });

  route(fastify, GetCasePreviewUi, {
    config: { auth: PUBLIC },
    tags,
    summary:
      'Whether a share page shows its robot’s case form, and the form’s fields (labels, in order); 404 for a dead share',
    handler: async (request) => {
      const share = await shares.publicTarget(request.query.shareId);
      if (!share) throw notFound('SHARE_NOT_FOUND');
      checkShareOrigin(fastify, request, share.allowedOrigins);
      if (!visitorCalls.hit(`${share.shareId}:ui:${clientKey(request.ip)}`, share.rateLimitPerMinute * 5))
        throw new AppError(429, 'RATE_LIMITED');
      const form = await caseForms.get(share.tenantId, share.processId);
      return {
        enabled: form.enabled && form.fields.length > 0,
        fields: form.fields.map(({ name, label, type }) => ({ name, label, type })),
      };
    },
  });

  route(fastify, GetCase, {
    config: { auth: STAFF },
    tags,
    summary: 'One case the caller may see',
    handler: async (request) =>
      found(await cases.get(await viewerOf(fastify, request), request.params.caseId), 'CASE_NOT_FOUND'),
  });

  route(fastify, UpdateCase, {
    config: { auth: STAFF },
    tags,
    summary:
      'Move a case along (status; closing stamps closedAt, reopening clears it), give it to an active user (422 otherwise), keep notes, mark it checked',
    handler: async (request) => {
      const viewer = await viewerOf(fastify, request);
      if (!(await cases.get(viewer, request.params.caseId))) throw notFound('CASE_NOT_FOUND');
      await checkAssignee(viewer.tenantId, request.body.assigneeId);
      return found(await cases.update(viewer, request.params.caseId, request.body), 'CASE_NOT_FOUND');
    },
  });
};

export default casesRoutes;
