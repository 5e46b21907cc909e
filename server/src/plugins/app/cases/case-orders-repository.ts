import {
  CASE_ORDER_MOVES,
  type CaseOrder,
  type CaseOrderStatus,
  type Page,
  type PageQuery,
} from '@flotilla/shared/contracts';
import type { Selectable } from 'kysely';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import { scoped } from '../../../db/scoped';
import type { CaseOrdersTable } from '../../../db/tables/case-teams';
import { isoNow } from '../../../lib/clock';
import type { CaseViewer } from './cases-repository';
import { visibleCaseIds } from './case-visibility';

/** Which orders: a keyword in product, customer or phone, status, robot, and `from` (included) to `to` (excluded) as ISO times in UTC. */
export type OrderFilter = {
  keyword?: string;
  status?: CaseOrderStatus;
  processId?: string;
  from?: string;
  to?: string;
};

type OrderRow = Selectable<CaseOrdersTable> & { processName: string | null };

const toOrder = (row: OrderRow): CaseOrder => ({
  id: row.id,
  caseId: row.caseId,
  processId: row.processId,
  processName: row.processName ?? '',
  product: row.product,
  quantity: row.quantity,
  amountCents: row.amountCents,
  customer: row.customer,
  phone: row.phone,
  status: row.status,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/**
 * Orders placed through business-scene robots (recorded by the routing of new cases). An agent sees only the
 * orders of the cases it may see; others see every order of the tenant, those of deleted cases too.
 */
export function caseOrdersRepository(db: Database) {
  const filtered = (viewer: CaseViewer, filter: OrderFilter) => {
    let query = scoped(db, viewer.tenantId).selectFrom('caseOrders');
    const visible = visibleCaseIds(db, viewer);
    if (visible) query = query.where('caseOrders.caseId', 'in', visible);
    const keyword = filter.keyword;
    if (keyword)
      query = query.where((eb) =>
        eb.or([
          containsText('caseOrders.product', keyword),
          containsText('caseOrders.customer', keyword),
          containsText('caseOrders.phone', keyword),
        ]),
      );
    if (filter.status) query = query.where('caseOrders.status', '=', filter.status);
    if (filter.processId) query = query.where('caseOrders.processId', '=', filter.processId);
    if (filter.from) query = query.where('caseOrders.createdAt', '>=', filter.from);
    if (filter.to) query = query.where('caseOrders.createdAt', '<', filter.to);
    return query;
  };
  const withRobot = (viewer: CaseViewer, filter: OrderFilter) =>
    filtered(viewer, filter)
      // An order outlives its robot: a deleted robot leaves an empty processName.
      .leftJoin('processes', 'processes.processId', 'caseOrders.processId')
      .selectAll('caseOrders')
      .select('processes.name as processName');

  const repository = {
    async list(viewer: CaseViewer, filter: OrderFilter, page: PageQuery): Promise<Page<CaseOrder>> {
      const [rows, total] = await Promise.all([
        withRobot(viewer, filter)
          .orderBy('caseOrders.createdAt', 'desc')
          .orderBy('caseOrders.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        repository.count(viewer, filter),
      ]);
      return paged(rows.map(toOrder), total);
    },

    async count(viewer: CaseViewer, filter: OrderFilter): Promise<number> {
      const row = await filtered(viewer, filter)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * Moves an order's status when {@link CASE_ORDER_MOVES} allows it (the same status is no move and is
     * accepted). The update names the status it read, so two racing moves cannot both pass the check.
     * An order the viewer may not see is not found.
     */
    async move(
      viewer: CaseViewer,
      orderId: string,
      status: CaseOrderStatus,
    ): Promise<{ ok: true; order: CaseOrder } | { ok: false; reason: 'NOT_FOUND' | 'MOVE' }> {
      const current = await filtered(viewer, {}).select('status').where('id', '=', orderId).executeTakeFirst();
      if (!current) return { ok: false, reason: 'NOT_FOUND' };
      if (current.status !== status) {
        if (!CASE_ORDER_MOVES[current.status].includes(status)) return { ok: false, reason: 'MOVE' };
        const updated = await scoped(db, viewer.tenantId)
          .updateTable('caseOrders')
          .set({ status, updatedAt: isoNow() })
          .where('id', '=', orderId)
          .where('status', '=', current.status)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return { ok: false, reason: 'MOVE' };
      }
      const row = await withRobot(viewer, {}).where('caseOrders.id', '=', orderId).executeTakeFirstOrThrow();
      return { ok: true, order: toOrder(row) };
    },
  };
  return repository;
}
