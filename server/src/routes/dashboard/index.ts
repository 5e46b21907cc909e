import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DASHBOARD_MAX_DAYS, GetDashboardSummary } from '@flotilla/shared/contracts';
import { found, invalidInput } from '../../lib/app-error';
import { OPERATORS } from '../access';
import { route } from '../endpoint-route';

const tags = ['dashboard'];
const DAY_MS = 86_400_000;

/** The epoch day of `YYYY-MM-DD`, or undefined for a day no calendar has (2026-02-30). */
function calendarDay(day: string): number | undefined {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? undefined : ms / DAY_MS;
}

/** The dashboard's aggregates in one call, tenant-scoped. */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { dashboard, processes } = fastify.repos;

  route(fastify, GetDashboardSummary, {
    config: { auth: OPERATORS },
    tags,
    summary:
      "Every dashboard chart over the viewer's days from–to (at most 366, counted in their UTC offset), the tenant's or one robot's: answers per day and robot, credits spent per day, top robots, likes and dislikes, fallback answers, sessions per share link, knowledge files added",
    handler: async (request) => {
      const { from, to, utcOffset, processId } = request.query;
      const first = calendarDay(from);
      const last = calendarDay(to);
      if (first === undefined) throw invalidInput(['query', 'from'], 'DASHBOARD_RANGE_INVALID');
      if (last === undefined || last < first) throw invalidInput(['query', 'to'], 'DASHBOARD_RANGE_INVALID');
      if (last - first + 1 > DASHBOARD_MAX_DAYS) throw invalidInput(['query', 'to'], 'DASHBOARD_RANGE_TOO_LONG');
      if (processId !== undefined) found(await processes.get(request.auth.tenantId, processId), 'ROBOT_NOT_FOUND');
      return dashboard.summary(request.auth.tenantId, { from, to, utcOffset, ...(processId ? { processId } : {}) });
    },
  });
};

export default dashboardRoutes;
