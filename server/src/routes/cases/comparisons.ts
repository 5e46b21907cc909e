import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  COMPARISON_LIMITS,
  CountComparisons,
  DeleteComparison,
  GetComparisonDetail,
  KEY_USAGE_LIMITS,
  ListComparisons,
  ReportKeyUsage,
  RestartComparison,
  StartComparison,
  UseKey,
  type ComparisonQuestion,
  type KeyUsageDay,
} from '@flotilla/shared/contracts';
import { AppError, found, invalidInput, notFound } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { isoNow } from '../../lib/clock';
import { RateWindow } from '../../lib/rate-window';
import { retryLater } from '../../lib/retry-later';
import type { KeyUsageTarget } from '../../plugins/app/cases/key-usage-repository';
import { OPERATORS, PUBLIC } from '../access';
import { route } from '../endpoint-route';

const tags = ['cases'];
const DAY_MS = 86_400_000;

/** The UTC day (`YYYY-MM-DD`) of a `YYYY-MM-DD` or an ISO time; undefined when it is no real date. */
function dayOf(value: string): string | undefined {
  const time = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time.getTime())) return undefined;
  // `2026-02-31` parses as 3 March: a day that does not exist is refused rather than moved.
  if (value.slice(0, 10) !== time.toISOString().slice(0, 10) && !/[+-]\d{2}:?\d{2}$/.test(value)) return undefined;
  return time.toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** A question set as stored: questions trimmed and never blank, every text within its bound. */
function questionSet(questions: ComparisonQuestion[], from: 'questions' | 'file'): ComparisonQuestion[] {
  return questions.map(({ question, expected }, index) => {
    const trimmed = question.trim();
    if (!trimmed) throw invalidInput(['body', from === 'file' ? 'fileId' : 'questions', index], 'VALIDATION_FAILED');
    return {
      question: trimmed.slice(0, COMPARISON_LIMITS.questionMax),
      expected: expected.trim().slice(0, COMPARISON_LIMITS.expectedMax),
    };
  });
}

/** Comparisons of robots over question sets, and API secret usage (docs/comparisons.md). */
const comparisonsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { comparisons, keyUsage, processes, secrets } = fastify.repos;
  const { config } = fastify;
  const now = () => config.clock.now();
  // key/use writes a counter row per call: each secret gets so many a minute, whoever sends them, and each
  // client address so many calls carrying a secret (counted before the secret is looked up, so guesses count).
  const keyUses = new RateWindow(60_000, now);
  const keyAddresses = new RateWindow(60_000, now);

  route(fastify, StartComparison, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Run a question set (questions with expected answers, or a case file) against a robot, and optionally a second robot beside it, as a compareRobots task',
    description: `Exactly one of \`questions\` (1–${COMPARISON_LIMITS.questionsMax}) and \`fileId\`. Answers \`{ id }\`; \`detail\` shows the progress and, once done, the scores.`,
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const { processId, compareProcessId, fileId, name } = request.body;
      if ((request.body.questions === undefined) === (fileId === undefined))
        throw invalidInput(['body', 'questions'], 'VALIDATION_FAILED', 'COMPARISON_QUESTIONS_OR_FILE');
      const robot = found(await processes.get(tenantId, processId), 'ROBOT_NOT_FOUND');
      const second = compareProcessId
        ? found(await processes.get(tenantId, compareProcessId), 'ROBOT_NOT_FOUND')
        : undefined;
      let questions: ComparisonQuestion[];
      if (fileId !== undefined) {
        const stored = found(await fastify.repos.caseFiles.questions(tenantId, fileId), 'CASE_FILE_NOT_FOUND');
        if (stored.length === 0)
          throw invalidInput(['body', 'fileId'], 'VALIDATION_FAILED', 'COMPARISON_FILE_NO_QUESTIONS');
        if (stored.length > COMPARISON_LIMITS.questionsMax)
          throw invalidInput(['body', 'fileId'], 'VALIDATION_FAILED', 'COMPARISON_TOO_MANY_QUESTIONS');
        questions = questionSet(
          stored.filter((q) => q.question.trim() !== ''),
          'file',
        );
        if (questions.length === 0)
          throw invalidInput(['body', 'fileId'], 'VALIDATION_FAILED', 'COMPARISON_FILE_NO_QUESTIONS');
      } else {
        questions = questionSet(request.body.questions!, 'questions');
      }
      const title = name?.trim() || (second ? `${robot.name} / ${second.name}` : robot.name);
      const { id } = await comparisons.create(tenantId, {
        name: title.slice(0, COMPARISON_LIMITS.nameMax),
        processId,
        compareProcessId: compareProcessId ?? null,
        questions,
        createdBy: userId,
        locale: request.locale,
      });
      fastify.jobs.wake();
      return { id };
    },
  });

  route(fastify, GetComparisonDetail, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'A comparison: status, progress, aggregate scores (once done), better/worse counts and every answered question with both answers and scores',
    handler: async (request) =>
      found(await comparisons.detail(request.auth.tenantId, request.body.id, request.locale), 'COMPARISON_NOT_FOUND'),
  });

  route(fastify, RestartComparison, {
    config: { auth: OPERATORS },
    tags,
    summary:
      'Run a comparison again: a failed one goes on from its first unanswered question, a done one starts over (409 while it runs)',
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      const result = await comparisons.restart(tenantId, request.body.id, userId, request.locale);
      if (result === 'missing') throw notFound('COMPARISON_NOT_FOUND');
      if (result === 'running') throw new AppError(409, 'CONFLICT', 'COMPARISON_RUNNING');
      fastify.jobs.wake();
      return { id: request.body.id };
    },
  });

  route(fastify, CountComparisons, {
    config: { auth: OPERATORS },
    tags,
    summary: 'How many comparisons the tenant has',
    handler: async (request) => ({ total: await comparisons.count(request.auth.tenantId) }),
  });

  route(fastify, ListComparisons, {
    config: { auth: OPERATORS },
    tags,
    summary: "One page of the tenant's comparisons, newest first, filtered by robot, status and a word of the name",
    handler: async (request) => comparisons.list(request.auth.tenantId, request.query, request.locale),
  });

  route(fastify, DeleteComparison, {
    config: { auth: OPERATORS },
    tags,
    summary: 'Delete a comparison with its answers (its task is cancelled first when it runs)',
    handler: async (request) => {
      if (!(await comparisons.remove(request.auth.tenantId, request.params.id))) throw notFound('COMPARISON_NOT_FOUND');
      return { ok: true as const };
    },
  });

  /** Who records a use: the secret itself (its grant), or an operator of the tenant. */
  type KeyCaller = { secret: { secretId: string; tenantId: string; processId: string } } | { tenantId: string };
  const keyCallers = new WeakMap<FastifyRequest, KeyCaller>();

  route(fastify, UseKey, {
    // Authenticated by the robot's API secret (Bearer sk-flt-…), or by an operator's console token.
    config: { auth: PUBLIC },
    tags,
    summary:
      "Record use of a robot's API secret by an external caller (calls, tokens, errors added to the secret's counters of the day)",
    description: `Send the secret itself as \`Authorization: Bearer sk-flt-…\` (\`secretId\` optional, and must be that secret), or an admin or operator token with \`secretId\`. The secret value is never answered. At most ${config.keyUsePerMinute} calls per secret a minute and ${config.keyUseAddressPerMinute} calls with a secret per client address; past either 429 RATE_LIMITED with Retry-After.`,
    security: [{ apiSecret: [] }, { bearerAuth: [] }],
    onRequest: async (request, reply) => {
      const key = /^Bearer\s+(sk-flt-\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
      if (key) {
        const address = clientKey(request.ip);
        if (!keyAddresses.hit(address, config.keyUseAddressPerMinute))
          throw retryLater(reply, 'RATE_LIMITED', keyAddresses.msUntilReset(address));
        const grant = await secrets.grant(key);
        if (!grant) throw new AppError(401, 'INVALID_API_KEY');
        keyCallers.set(request, { secret: grant });
      } else {
        const session = await fastify.requireSession(request, OPERATORS);
        keyCallers.set(request, { tenantId: session.tenantId });
      }
    },
    handler: async (request, reply) => {
      const caller = keyCallers.get(request)!;
      const { secretId, calls = 1, tokens = 0, errors = 0 } = request.body;
      let tenantId: string;
      let target: { secretId: string; processId: string };
      if ('secret' in caller) {
        if (secretId !== undefined && secretId !== caller.secret.secretId)
          throw invalidInput(['body', 'secretId'], 'VALIDATION_FAILED', 'KEY_SECRET_MISMATCH');
        tenantId = caller.secret.tenantId;
        target = { secretId: caller.secret.secretId, processId: caller.secret.processId };
      } else {
        if (secretId === undefined)
          throw invalidInput(['body', 'secretId'], 'VALIDATION_FAILED', 'KEY_SECRET_REQUIRED');
        tenantId = caller.tenantId;
        const processId = found(await keyUsage.secretRobot(tenantId, secretId), 'SECRET_NOT_FOUND');
        target = { secretId, processId };
      }
      // Counted once the secret is known to be the caller's, so no one spends another tenant's minute.
      const window = `${tenantId}:${target.secretId}`;
      if (!keyUses.hit(window, config.keyUsePerMinute))
        throw retryLater(reply, 'RATE_LIMITED', keyUses.msUntilReset(window));
      const day = await keyUsage.record(tenantId, target.secretId, target.processId, isoNow().slice(0, 10), {
        calls,
        tokens,
        errors: Math.min(errors, calls),
      });
      return { secretId: target.secretId, ...day };
    },
  });

  route(fastify, ReportKeyUsage, {
    config: { auth: OPERATORS },
    tags,
    summary:
      "The use of one API secret (secretId) or of all of a robot's secrets (processId) per UTC day, with the sums",
    description: `Days from \`from\` to \`to\`, both included (\`YYYY-MM-DD\` or an ISO time); at most ${KEY_USAGE_LIMITS.reportDaysMax} days; default the last ${KEY_USAGE_LIMITS.reportDaysDefault}. Days without use read zero.`,
    handler: async (request) => {
      const { tenantId } = request.auth;
      const { secretId, processId } = request.body;
      if ((secretId === undefined) === (processId === undefined))
        throw invalidInput(['body', 'secretId'], 'VALIDATION_FAILED', 'KEY_REPORT_TARGET');
      const to = request.body.to !== undefined ? dayOf(request.body.to) : isoNow().slice(0, 10);
      if (to === undefined) throw invalidInput(['body', 'to'], 'VALIDATION_FAILED', 'KEY_REPORT_RANGE');
      const from =
        request.body.from !== undefined
          ? dayOf(request.body.from)
          : new Date(Date.parse(`${to}T00:00:00Z`) - (KEY_USAGE_LIMITS.reportDaysDefault - 1) * DAY_MS)
              .toISOString()
              .slice(0, 10);
      if (from === undefined) throw invalidInput(['body', 'from'], 'VALIDATION_FAILED', 'KEY_REPORT_RANGE');
      const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
      if (span < 1 || span > KEY_USAGE_LIMITS.reportDaysMax)
        throw invalidInput(['body', 'from'], 'VALIDATION_FAILED', 'KEY_REPORT_RANGE');
      let target: KeyUsageTarget;
      if (secretId !== undefined) {
        found(await keyUsage.secretRobot(tenantId, secretId), 'SECRET_NOT_FOUND');
        target = { secretId };
      } else {
        found(await processes.get(tenantId, processId!), 'ROBOT_NOT_FOUND');
        target = { processId: processId! };
      }
      const used = new Map((await keyUsage.days(tenantId, target, from, to)).map((d) => [d.day, d]));
      const list: KeyUsageDay[] = daysBetween(from, to).map(
        (day) => used.get(day) ?? { day, calls: 0, tokens: 0, errors: 0 },
      );
      const sum = (key: 'calls' | 'tokens' | 'errors') => list.reduce((n, d) => n + d[key], 0);
      return { list, total: list.length, calls: sum('calls'), tokens: sum('tokens'), errors: sum('errors') };
    },
  });
};

export default comparisonsRoutes;
