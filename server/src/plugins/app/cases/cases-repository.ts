import { randomUUID } from 'node:crypto';
import type { Case, CaseFormValues, CaseSource, CaseStatus, ListCasesQuery, Page } from '@flotilla/shared/contracts';
import type { Selectable } from 'kysely';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { CasesTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

export type NewCase = {
  processId: string;
  title: string;
  customer?: string;
  phone?: string;
  status?: CaseStatus;
  source?: CaseSource;
  form?: CaseFormValues;
};

type CaseRow = Selectable<CasesTable> & { processName: string | null; assigneeName: string | null };

/** The stored JSON of a case's values; anything unreadable reads as no values. */
export function parseFormValues(text: string): CaseFormValues {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as CaseFormValues) : {};
  } catch {
    return {};
  }
}

function toCase(row: CaseRow): Case {
  return {
    id: row.id,
    processId: row.processId,
    processName: row.processName ?? '',
    title: row.title,
    customer: row.customer,
    phone: row.phone,
    status: row.status,
    checked: row.checked === 1,
    source: row.source,
    form: parseFormValues(row.form),
    sessionId: row.sessionId,
    teamId: row.teamId,
    teamName: '',
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName ?? '',
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    closedAt: row.closedAt,
  };
}

export function casesRepository(db: Database) {
  const selectCases = (tenantId: string) =>
    scoped(db, tenantId)
      .selectFrom('cases')
      // A case outlives its robot: a deleted robot leaves an empty processName.
      .leftJoin('processes', (join) =>
        join.onRef('processes.processId', '=', 'cases.processId').onRef('processes.tenantId', '=', 'cases.tenantId'),
      )
      .leftJoin('users as assignee', (join) =>
        join.onRef('assignee.id', '=', 'cases.assigneeId').onRef('assignee.tenantId', '=', 'cases.tenantId'),
      );

  return {
    async list(tenantId: string, query: ListCasesQuery): Promise<Page<Case>> {
      let base = selectCases(tenantId);
      if (query.keyword) {
        const keyword = query.keyword;
        base = base.where((eb) =>
          eb.or([
            containsText('cases.title', keyword),
            containsText('cases.customer', keyword),
            containsText('cases.phone', keyword),
            containsText('cases.form', keyword),
          ]),
        );
      }
      if (query.processId) base = base.where('cases.processId', '=', query.processId);
      if (query.status) base = base.where('cases.status', '=', query.status);
      const [rows, count] = await Promise.all([
        base
          .selectAll('cases')
          .select(['processes.name as processName', 'assignee.nickname as assigneeName'])
          .orderBy('cases.createdAt', 'desc')
          .orderBy('cases.id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toCase), count.total);
    },

    /** Opens a case (tests use it for fixtures). */
    async create(tenantId: string, input: NewCase): Promise<string> {
      const now = isoNow();
      const id = randomUUID();
      const status = input.status ?? 'new';
      await scoped(db, tenantId)
        .insertInto('cases', {
          id,
          processId: input.processId,
          title: input.title,
          customer: input.customer ?? '',
          phone: input.phone ?? '',
          status,
          checked: 0,
          source: input.source ?? 'manual',
          form: JSON.stringify(input.form ?? {}),
          notes: '',
          createdAt: now,
          updatedAt: now,
          closedAt: status === 'closed' ? now : null,
        })
        .execute();
      return id;
    },
  };
}
