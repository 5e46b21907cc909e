import { randomUUID } from 'node:crypto';
import type {
  Case,
  CaseFormsQuery,
  CaseFormValues,
  CaseMessage,
  CaseSource,
  CaseSplit,
  CaseStatus,
  FilledCaseForm,
  ListCasesQuery,
  Page,
  PageQuery,
  UpdateCaseBody,
  VisitorCase,
} from '@flotilla/shared/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import type { CasesTable, DB } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { agentSeesCase } from './case-visibility';

/** A case to open: by hand (a person), or from a conversation (a case form or a flow's form). */
export type NewCase = {
  processId: string;
  title: string;
  customer?: string;
  phone?: string;
  status?: CaseStatus;
  source?: CaseSource;
  form?: CaseFormValues;
  notes?: string;
  /** The conversation it came from: at most one case per robot and session. */
  sessionId?: string;
  /** A share link's visitor: they follow the case on the share page. */
  visitorId?: string;
  shareId?: string;
};

/** A case just inserted, as its routing sees it. */
export type InsertedCase = {
  id: string;
  tenantId: string;
  processId: string;
  title: string;
  customer: string;
  phone: string;
  form: CaseFormValues;
  source: CaseSource;
};

/**
 * Picks who receives a new case (team and agent, null for none), inside the transaction that opens it: the
 * cases service's routeOpenedCase, passed in by the callers (repositories sit below services).
 */
export type CaseRouting = (
  trx: Transaction<DB>,
  opened: InsertedCase,
) => Promise<{ teamId: string | null; assigneeId: string | null }>;

/** Who is looking: agents see only the cases of their teams and those given to them. */
export type CaseViewer = { tenantId: string; userId: string; agentOnly: boolean };

/** The most messages of a conversation a case's split reads. */
const SPLIT_MESSAGES_MAX = 500;

type CaseRow = Selectable<CasesTable> & {
  processName: string | null;
  assigneeName: string | null;
  teamName: string | null;
};

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
    teamName: row.teamName ?? '',
    assigneeId: row.assigneeId,
    assigneeName: row.assigneeName ?? '',
    notes: row.notes,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    closedAt: row.closedAt,
  };
}

/** An ISO instant as stored (UTC, milliseconds), so that text comparison orders it. */
const stored = (instant: string) => new Date(instant).toISOString();

/** Does the message hold one of the case's values (as the visitor may have written it)? */
function givesAValue(question: string, form: CaseFormValues): boolean {
  const text = question.toLowerCase();
  return Object.values(form).some((value) => {
    const wanted = String(value).toLowerCase().trim();
    return wanted !== '' && text.includes(wanted);
  });
}

export function casesRepository(db: Database) {
  const selectCases = (trx: Database | Transaction<DB>, viewer: CaseViewer) => {
    let base = scoped(trx, viewer.tenantId)
      .selectFrom('cases')
      // A case outlives its robot: a deleted robot leaves an empty processName.
      .leftJoin('processes', (join) =>
        join.onRef('processes.processId', '=', 'cases.processId').onRef('processes.tenantId', '=', 'cases.tenantId'),
      )
      .leftJoin('users as assignee', (join) =>
        join.onRef('assignee.id', '=', 'cases.assigneeId').onRef('assignee.tenantId', '=', 'cases.tenantId'),
      )
      .leftJoin('caseTeams as team', (join) =>
        join.onRef('team.id', '=', 'cases.teamId').onRef('team.tenantId', '=', 'cases.tenantId'),
      );
    if (viewer.agentOnly) base = base.where(agentSeesCase(trx, viewer));
    return base;
  };

  const findCase = async (trx: Database | Transaction<DB>, viewer: CaseViewer, caseId: string) => {
    const row = await selectCases(trx, viewer)
      .selectAll('cases')
      .select(['processes.name as processName', 'assignee.nickname as assigneeName', 'team.name as teamName'])
      .where('cases.id', '=', caseId)
      .executeTakeFirst();
    return row && toCase(row);
  };

  /**
   * Inserts a case and gives it to whoever the routing picks (if given), in one transaction. Undefined when its
   * conversation already has a case (the unique index decides between racing openings).
   */
  const open = (tenantId: string, input: NewCase, routing?: CaseRouting): Promise<string | undefined> =>
    db.transaction().execute(async (trx) => {
      const now = isoNow();
      const id = randomUUID();
      const status = input.status ?? 'new';
      const form = input.form ?? {};
      const tenant = scoped(trx, tenantId);
      const inserted = await tenant
        .insertInto('cases', {
          id,
          processId: input.processId,
          title: input.title,
          customer: input.customer ?? '',
          phone: input.phone ?? '',
          status,
          checked: 0,
          source: input.source ?? 'manual',
          form: JSON.stringify(form),
          sessionId: input.sessionId ?? null,
          visitorId: input.visitorId ?? null,
          shareId: input.shareId ?? null,
          teamId: null,
          assigneeId: null,
          notes: input.notes ?? '',
          createdAt: now,
          updatedAt: now,
          closedAt: status === 'closed' ? now : null,
        })
        .onConflict((oc) =>
          oc.columns(['tenantId', 'processId', 'sessionId']).where('sessionId', 'is not', null).doNothing(),
        )
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return undefined;
      if (!routing) return id;
      const recipient = await routing(trx, {
        id,
        tenantId,
        processId: input.processId,
        title: input.title,
        customer: input.customer ?? '',
        phone: input.phone ?? '',
        form,
        source: input.source ?? 'manual',
      });
      if (recipient.teamId !== null || recipient.assigneeId !== null)
        await tenant
          .updateTable('cases')
          .set({
            teamId: recipient.teamId,
            assigneeId: recipient.assigneeId,
            ...(status === 'new' && recipient.assigneeId !== null ? { status: 'assigned' as const } : {}),
          })
          .where('id', '=', id)
          .execute();
      return id;
    });

  /** The messages of a case's conversation, oldest first. */
  const conversation = (tenantId: string, found: Case) =>
    scoped(db, tenantId)
      .selectFrom('completions')
      .where('processId', '=', found.processId)
      .where('sessionId', '=', found.sessionId ?? '');

  const repository = {
    async list(viewer: CaseViewer, query: ListCasesQuery): Promise<Page<Case>> {
      let base = selectCases(db, viewer);
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
      if (query.teamId) base = base.where('cases.teamId', '=', query.teamId);
      if (query.assigneeId) base = base.where('cases.assigneeId', '=', query.assigneeId);
      if (query.status) base = base.where('cases.status', '=', query.status);
      if (query.from) base = base.where('cases.createdAt', '>=', stored(query.from));
      if (query.to) base = base.where('cases.createdAt', '<', stored(query.to));
      const [rows, count] = await Promise.all([
        base
          .selectAll('cases')
          .select(['processes.name as processName', 'assignee.nickname as assigneeName', 'team.name as teamName'])
          .orderBy('cases.createdAt', 'desc')
          .orderBy('cases.id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows.map(toCase), count.total);
    },

    /** A case the viewer may see, or undefined. */
    get: (viewer: CaseViewer, caseId: string): Promise<Case | undefined> => findCase(db, viewer, caseId),

    /**
     * Opens a case and routes it; returns its id, or undefined when its conversation has one already.
     * The caller checks the robot (and session) belong to the tenant.
     */
    open,

    /** Opens a case without routing it (tests use it for fixtures); throws when its conversation has one already. */
    async create(tenantId: string, input: NewCase): Promise<string> {
      const id = await open(tenantId, input);
      if (id === undefined) throw new Error('The conversation has a case already');
      return id;
    },

    /** Is the session one of the robot's conversations? */
    async robotHasSession(tenantId: string, processId: string, sessionId: string): Promise<boolean> {
      const row = await scoped(db, tenantId)
        .selectFrom('chatSessions')
        .select('sessionId')
        .where('processId', '=', processId)
        .where('sessionId', '=', sessionId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Does the robot's conversation have a case? */
    async sessionHasCase(tenantId: string, processId: string, sessionId: string): Promise<boolean> {
      const row = await scoped(db, tenantId)
        .selectFrom('cases')
        .select('id')
        .where('processId', '=', processId)
        .where('sessionId', '=', sessionId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The last `limit` questions of a robot's conversation, oldest first: what a case form is filled from. */
    async sessionQuestions(tenantId: string, processId: string, sessionId: string, limit: number): Promise<string[]> {
      const rows = await scoped(db, tenantId)
        .selectFrom('completions')
        .select('question')
        .where('processId', '=', processId)
        .where('sessionId', '=', sessionId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => row.question).reverse();
    },

    /**
     * Changes the fields given and answers the case as written; undefined when the viewer cannot see the case.
     * Closing stamps closedAt, any other status clears it; giving a new case to an agent makes it assigned,
     * taking it back new again. The caller checks the assignee.
     */
    async update(viewer: CaseViewer, caseId: string, body: UpdateCaseBody): Promise<Case | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await findCase(trx, viewer, caseId);
        if (!before) return undefined;
        const assigneeId = body.assigneeId === undefined ? before.assigneeId : body.assigneeId;
        let status = body.status ?? before.status;
        if (body.status === undefined && body.assigneeId !== undefined) {
          if (status === 'new' && assigneeId !== null) status = 'assigned';
          else if (status === 'assigned' && assigneeId === null) status = 'new';
        }
        const now = isoNow();
        await scoped(trx, viewer.tenantId)
          .updateTable('cases')
          .set({
            status,
            assigneeId,
            notes: body.notes ?? before.notes,
            checked: (body.checked ?? before.checked) ? 1 : 0,
            closedAt: status === 'closed' ? (before.closedAt ?? now) : null,
            updatedAt: now,
          })
          .where('id', '=', caseId)
          .execute();
        // The case as written, even to an agent who just gave it away and no longer sees it.
        return findCase(trx, { ...viewer, agentOnly: false }, caseId);
      });
    },

    /** The messages of a case's conversation, oldest first; undefined when the viewer cannot see the case. */
    async completions(viewer: CaseViewer, caseId: string, page: PageQuery): Promise<Page<CaseMessage> | undefined> {
      const found = await findCase(db, viewer, caseId);
      if (!found) return undefined;
      if (found.sessionId === null) return paged([], 0);
      const base = conversation(viewer.tenantId, found);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'question', 'answer', 'createdAt'])
          .orderBy('createdAt', 'asc')
          .orderBy('id', 'asc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(rows, count.total);
    },

    /**
     * A case's conversation in stages: before the first message that gave one of its values (enquiry), from
     * there until the case opened (collection), after (followUp). Undefined when the viewer cannot see it.
     */
    async split(viewer: CaseViewer, caseId: string): Promise<CaseSplit | undefined> {
      const found = await findCase(db, viewer, caseId);
      if (!found) return undefined;
      const messages =
        found.sessionId === null
          ? []
          : await conversation(viewer.tenantId, found)
              .select(['id', 'question', 'answer', 'createdAt'])
              .orderBy('createdAt', 'asc')
              .orderBy('id', 'asc')
              .limit(SPLIT_MESSAGES_MAX)
              .execute();
      const opened = messages.filter((message) => message.createdAt <= found.createdAt);
      const firstGiving = opened.findIndex((message) => givesAValue(message.question, found.form));
      const collectionStart = firstGiving === -1 ? opened.length : firstGiving;
      const stages: CaseSplit['stages'] = [
        { stage: 'enquiry', messages: opened.slice(0, collectionStart) },
        { stage: 'collection', messages: opened.slice(collectionStart) },
        { stage: 'followUp', messages: messages.slice(opened.length) },
      ];
      return { caseId, stages: stages.filter((stage) => stage.messages.length > 0) };
    },

    /** The filled forms of the cases the viewer may see (those with values), newest first. */
    async filledForms(viewer: CaseViewer, query: CaseFormsQuery): Promise<Page<FilledCaseForm>> {
      const base = repository.filledFormsBase(viewer, query.processId);
      const [rows, count] = await Promise.all([
        base
          .select([
            'cases.id',
            'cases.processId',
            'processes.name as processName',
            'cases.status',
            'cases.form',
            'cases.createdAt',
          ])
          .orderBy('cases.createdAt', 'desc')
          .orderBy('cases.id', 'desc')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      const list = rows.map((row) => ({
        caseId: row.id,
        processId: row.processId,
        processName: row.processName ?? '',
        status: row.status,
        form: parseFormValues(row.form),
        createdAt: row.createdAt,
      }));
      return paged(list, count.total);
    },

    async countFilledForms(viewer: CaseViewer, processId: string | undefined): Promise<number> {
      const count = await repository
        .filledFormsBase(viewer, processId)
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      return Number(count.total);
    },

    filledFormsBase(viewer: CaseViewer, processId: string | undefined) {
      let base = selectCases(db, viewer).where('cases.form', '!=', '{}');
      if (processId) base = base.where('cases.processId', '=', processId);
      return base;
    },

    /** The cases a share link's visitor's conversations opened through that share, newest first. */
    async visitorCases(tenantId: string, shareId: string, visitorId: string, limit: number): Promise<VisitorCase[]> {
      const rows = await scoped(db, tenantId)
        .selectFrom('cases')
        .select(['id', 'title', 'status', 'form', 'createdAt', 'updatedAt'])
        .where('shareId', '=', shareId)
        .where('visitorId', '=', visitorId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, form: parseFormValues(row.form) }));
    },
  };
  return repository;
}
