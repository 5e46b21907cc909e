import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CountCaseOrders,
  ListCaseOrders,
  UpdateCaseOrder,
  type CaseOrderFilterQuery,
} from '@flotilla/shared/contracts';
import { AppError, invalidInput, notFound } from '../../lib/app-error';
import type { OrderFilter } from '../../plugins/app/cases/case-orders-repository';
import { OPERATORS, STAFF } from '../access';
import { route } from '../endpoint-route';
import { viewerOf } from './case-viewer';

const tags = ['cases'];

/** The query's filter with its times in UTC, as orders store them (any ISO offset is accepted). */
function orderFilter({ keyword, status, processId, from, to }: CaseOrderFilterQuery): OrderFilter {
  const utc = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    const time = new Date(value);
    if (Number.isNaN(time.getTime())) throw invalidInput(['querystring', name], 'VALIDATION_FAILED');
    return time.toISOString();
  };
  return { keyword: keyword?.trim() || undefined, status, processId, from: utc(from, 'from'), to: utc(to, 'to') };
}

/**
 * Orders placed through business-scene robots: read by staff, moved along by operators. Agents (as the cases
 * list counts them) reach only the orders of the cases they may see.
 */
const caseOrdersRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { caseOrders } = fastify.repos;

  route(fastify, ListCaseOrders, {
    config: { auth: STAFF },
    tags,
    summary:
      "One page of the tenant's orders, newest first, filtered by status, robot and creation time (agents: those of the cases they may see)",
    handler: async (request) => {
      const { offset, limit, ...filter } = request.query;
      return caseOrders.list(await viewerOf(fastify, request), orderFilter(filter), { offset, limit });
    },
  });

  route(fastify, CountCaseOrders, {
    config: { auth: STAFF },
    tags,
    summary: 'How many orders the filters match',
    handler: async (request) => ({
      total: await caseOrders.count(await viewerOf(fastify, request), orderFilter(request.query)),
    }),
  });

  route(fastify, UpdateCaseOrder, {
    config: { auth: OPERATORS },
    tags,
    summary: "Moves an order's status: pending → paid → fulfilled, or cancelled before fulfilment (409 otherwise)",
    handler: async (request) => {
      const viewer = await viewerOf(fastify, request);
      const result = await caseOrders.move(viewer, request.params.orderId, request.body.status);
      if (result.ok) return result.order;
      if (result.reason === 'NOT_FOUND') throw notFound('CASE_ORDER_NOT_FOUND');
      throw new AppError(409, 'CASE_ORDER_STATUS_MOVE');
    },
  });
};

export default caseOrdersRoutes;
