import { randomUUID } from 'node:crypto';
import type { Case, CaseStatus, ListCasesQuery, Page } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

export type NewCase = { processId: string; title: string; customer?: string; phone?: string; status?: CaseStatus };

export function casesRepository(db: Database) {
  return {
    async list(tenantId: string, query: ListCasesQuery): Promise<Page<Case>> {
      let base = scoped(db, tenantId)
        .selectFrom('cases')
        // A case outlives its robot: a deleted robot leaves an empty processName.
        .leftJoin('processes', (join) =>
          join.onRef('processes.processId', '=', 'cases.processId').onRef('processes.tenantId', '=', 'cases.tenantId'),
        );
      if (query.keyword) {
        const keyword = query.keyword;
        base = base.where((eb) =>
          eb.or([
            containsText('cases.title', keyword),
            containsText('cases.customer', keyword),
            containsText('cases.phone', keyword),
          ]),
        );
      }
      if (query.processId) base = base.where('cases.processId', '=', query.processId);
      if (query.status) base = base.where('cases.status', '=', query.status);
      const [rows, count] = await Promise.all([
        base
          .selectAll('cases')
          .select('processes.name as processName')
          .orderBy('cases.createdAt', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const list = rows.map((row) => ({
        id: row.id,
        processId: row.processId,
        processName: row.processName ?? '',
        title: row.title,
        customer: row.customer,
        phone: row.phone,
        status: row.status,
        checked: row.checked === 1,
        createdAt: row.createdAt,
      }));
      return paged(list, count.total);
    },

    /** Opens a case (the flow engine will call this; tests use it for fixtures). */
    async create(tenantId: string, input: NewCase): Promise<string> {
      const now = isoNow();
      const id = randomUUID();
      await scoped(db, tenantId)
        .insertInto('cases', {
          id,
          processId: input.processId,
          title: input.title,
          customer: input.customer ?? '',
          phone: input.phone ?? '',
          status: input.status ?? 'open',
          checked: 0,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      return id;
    },
  };
}
