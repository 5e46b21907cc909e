import { randomUUID } from 'node:crypto';
import {
  CASE_TEAM_LIMITS,
  type CaseSalePhone,
  type CaseStatus,
  type CaseTeam,
  type CaseTeamProcess,
  type ListCaseSalePhonesQuery,
  type ListCaseTeamsQuery,
  type Page,
} from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { isUniqueViolation } from '../../../db/database';
import { containsText, paged } from '../../../db/filters';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import type { CaseViewer } from './cases-repository';

/** Who asks: an agent (as the cases list counts them: `agentOnly`) sees only the teams it is a member of. */
export type TeamReader = Pick<CaseViewer, 'userId' | 'agentOnly'>;

/** A team as written: name and description trimmed, members in turn order without repeats. */
export type TeamInput = { name: string; description: string; memberIds: string[] };

/** Why a team write did nothing. */
export type TeamWriteResult =
  | { ok: true; team: CaseTeam }
  | { ok: false; reason: 'NOT_FOUND' }
  | { ok: false; reason: 'NAME_TAKEN' }
  /** A member who is no user of the tenant (unknown, or another tenant's), or one who is frozen. */
  | { ok: false; reason: 'MEMBER_UNKNOWN' | 'MEMBER_FROZEN'; index: number };

/** One case row of a team export. */
export type TeamCaseRow = {
  id: string;
  title: string;
  customer: string;
  phone: string;
  status: CaseStatus;
  processName: string;
  assigneeName: string;
  form: string;
  notes: string;
  createdAt: string;
  closedAt: string | null;
};

/** Cases an export reads from the database at a time. */
const EXPORT_BATCH = 500;

/** A phone as compared: digits with an optional leading `+`, spaces and dashes dropped. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** Teams of agents, the robots whose cases they receive, and the tenant's phone whitelist. */
export function caseTeamsRepository(db: Database) {
  const teamsOf = (tenantId: string, reader: TeamReader, keyword?: string) => {
    let query = scoped(db, tenantId).selectFrom('caseTeams');
    if (keyword) query = query.where(containsText('caseTeams.name', keyword));
    if (reader.agentOnly)
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('caseTeamMembers')
            .select('caseTeamMembers.userId')
            .whereRef('caseTeamMembers.teamId', '=', 'caseTeams.id')
            .where('caseTeamMembers.userId', '=', reader.userId),
        ),
      );
    return query;
  };

  /** The robots of the given teams, by team, in the order they were added. */
  const processesOf = async (tenantId: string, teamIds: string[]): Promise<Map<string, CaseTeamProcess[]>> => {
    const byTeam = new Map<string, CaseTeamProcess[]>(teamIds.map((id) => [id, []]));
    if (teamIds.length === 0) return byTeam;
    const rows = await scoped(db, tenantId)
      .selectFrom('caseTeamProcesses')
      .innerJoin('processes', 'processes.processId', 'caseTeamProcesses.processId')
      .select([
        'caseTeamProcesses.teamId',
        'caseTeamProcesses.processId',
        'processes.name',
        'caseTeamProcesses.subscribed',
      ])
      .where('caseTeamProcesses.teamId', 'in', teamIds)
      .orderBy('caseTeamProcesses.createdAt')
      .orderBy('caseTeamProcesses.processId')
      .execute();
    for (const row of rows)
      byTeam
        .get(row.teamId)
        ?.push({ processId: row.processId, processName: row.name, subscribed: row.subscribed === 1 });
    return byTeam;
  };

  const teamsWithDetails = async (
    tenantId: string,
    rows: Array<{ id: string; name: string; description: string; createdAt: string }>,
  ): Promise<CaseTeam[]> => {
    const ids = rows.map((row) => row.id);
    const members =
      ids.length === 0
        ? []
        : await scoped(db, tenantId)
            .selectFrom('caseTeamMembers')
            .innerJoin('users', 'users.id', 'caseTeamMembers.userId')
            .select(['caseTeamMembers.teamId', 'users.id', 'users.nickname'])
            .where('caseTeamMembers.teamId', 'in', ids)
            .orderBy('caseTeamMembers.position')
            .execute();
    const processes = await processesOf(tenantId, ids);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      members: members.filter((m) => m.teamId === row.id).map((m) => ({ id: m.id, nickname: m.nickname })),
      processes: processes.get(row.id) ?? [],
      createdAt: row.createdAt,
    }));
  };

  /** The index of the first id that is not an unfrozen user of the tenant, or -1. */
  /** The first member who cannot join: no user of the tenant, else frozen; undefined when all can. */
  const refusedMember = async (
    tenantId: string,
    memberIds: string[],
  ): Promise<Extract<TeamWriteResult, { reason: 'MEMBER_UNKNOWN' | 'MEMBER_FROZEN' }> | undefined> => {
    if (memberIds.length === 0) return undefined;
    const rows = await scoped(db, tenantId)
      .selectFrom('users')
      .select(['id', 'ban'])
      .where('id', 'in', memberIds)
      .execute();
    const banOf = new Map(rows.map((row) => [row.id, row.ban]));
    const unknown = memberIds.findIndex((id) => !banOf.has(id));
    if (unknown >= 0) return { ok: false, reason: 'MEMBER_UNKNOWN', index: unknown };
    const frozen = memberIds.findIndex((id) => banOf.get(id) !== 0);
    return frozen >= 0 ? { ok: false, reason: 'MEMBER_FROZEN', index: frozen } : undefined;
  };

  const repository = {
    async list(tenantId: string, reader: TeamReader, query: ListCaseTeamsQuery): Promise<Page<CaseTeam>> {
      const keyword = query.keyword?.trim() || undefined;
      const [rows, count] = await Promise.all([
        teamsOf(tenantId, reader, keyword)
          .select(['caseTeams.id', 'caseTeams.name', 'caseTeams.description', 'caseTeams.createdAt'])
          .orderBy('caseTeams.createdAt')
          .orderBy('caseTeams.id')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        repository.count(tenantId, reader, keyword),
      ]);
      return paged(await teamsWithDetails(tenantId, rows), count);
    },

    async count(tenantId: string, reader: TeamReader, keyword?: string): Promise<number> {
      const row = await teamsOf(tenantId, reader, keyword)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The team if the reader may see it. */
    async get(tenantId: string, reader: TeamReader, teamId: string): Promise<CaseTeam | undefined> {
      const row = await teamsOf(tenantId, reader)
        .select(['caseTeams.id', 'caseTeams.name', 'caseTeams.description', 'caseTeams.createdAt'])
        .where('caseTeams.id', '=', teamId)
        .executeTakeFirst();
      return row ? (await teamsWithDetails(tenantId, [row]))[0] : undefined;
    },

    async create(tenantId: string, input: TeamInput): Promise<TeamWriteResult> {
      const refused = await refusedMember(tenantId, input.memberIds);
      if (refused) return refused;
      const id = randomUUID();
      const now = isoNow();
      try {
        await db.transaction().execute(async (trx) => {
          const own = scoped(trx, tenantId);
          await own
            .insertInto('caseTeams', {
              id,
              name: input.name,
              description: input.description,
              lastPosition: 0,
              routedAt: null,
              createdAt: now,
              updatedAt: now,
            })
            .execute();
          if (input.memberIds.length > 0)
            await own
              .insertInto(
                'caseTeamMembers',
                input.memberIds.map((userId, i) => ({ teamId: id, userId, position: i + 1, createdAt: now })),
              )
              .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'NAME_TAKEN' };
        throw error;
      }
      return { ok: true, team: (await repository.get(tenantId, { userId: '', agentOnly: false }, id))! };
    },

    /** Members kept keep their place in the turn order; new ones join at its end in the order given. */
    async update(tenantId: string, teamId: string, input: TeamInput): Promise<TeamWriteResult> {
      const refused = await refusedMember(tenantId, input.memberIds);
      if (refused) return refused;
      const now = isoNow();
      try {
        const found = await db.transaction().execute(async (trx) => {
          const own = scoped(trx, tenantId);
          const updated = await own
            .updateTable('caseTeams')
            .set({ name: input.name, description: input.description, updatedAt: now })
            .where('id', '=', teamId)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) === 0) return false;
          const current = await own
            .selectFrom('caseTeamMembers')
            .select(['userId', 'position'])
            .where('teamId', '=', teamId)
            .execute();
          const kept = new Set(input.memberIds);
          const gone = current.filter((m) => !kept.has(m.userId)).map((m) => m.userId);
          if (gone.length > 0)
            await own.deleteFrom('caseTeamMembers').where('teamId', '=', teamId).where('userId', 'in', gone).execute();
          const present = new Set(current.map((m) => m.userId));
          let next = current.reduce((max, m) => Math.max(max, m.position), 0);
          const added = input.memberIds
            .filter((userId) => !present.has(userId))
            .map((userId) => ({ teamId, userId, position: ++next, createdAt: now }));
          if (added.length > 0) await own.insertInto('caseTeamMembers', added).execute();
          return true;
        });
        if (!found) return { ok: false, reason: 'NOT_FOUND' };
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'NAME_TAKEN' };
        throw error;
      }
      return { ok: true, team: (await repository.get(tenantId, { userId: '', agentOnly: false }, teamId))! };
    },

    /** The team goes with its members and robots; its cases stay, without a team. */
    async remove(tenantId: string, teamId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const own = scoped(trx, tenantId);
        await own.updateTable('cases').set({ teamId: null }).where('teamId', '=', teamId).execute();
        const result = await own.deleteFrom('caseTeams').where('id', '=', teamId).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },

    async processes(tenantId: string, teamId: string): Promise<CaseTeamProcess[]> {
      return (await processesOf(tenantId, [teamId])).get(teamId) ?? [];
    },

    /** The ids among `processIds` that are no robot of the tenant. */
    async unknownProcesses(tenantId: string, processIds: string[]): Promise<string[]> {
      if (processIds.length === 0) return [];
      const rows = await scoped(db, tenantId)
        .selectFrom('processes')
        .select('processId')
        .where('processId', 'in', processIds)
        .execute();
      const known = new Set(rows.map((row) => row.processId));
      return processIds.filter((id) => !known.has(id));
    },

    /** Sets the team's robots: left-out ones go, new ones start subscribed, kept ones keep their flag. */
    async setProcesses(tenantId: string, teamId: string, processIds: string[]): Promise<void> {
      const wanted = [...new Set(processIds)];
      const now = isoNow();
      await db.transaction().execute(async (trx) => {
        const own = scoped(trx, tenantId);
        let removal = own.deleteFrom('caseTeamProcesses').where('teamId', '=', teamId);
        if (wanted.length > 0) removal = removal.where('processId', 'not in', wanted);
        await removal.execute();
        const present = new Set(
          (await own.selectFrom('caseTeamProcesses').select('processId').where('teamId', '=', teamId).execute()).map(
            (row) => row.processId,
          ),
        );
        const added = wanted
          .filter((processId) => !present.has(processId))
          .map((processId) => ({ teamId, processId, subscribed: 1 as const, createdAt: now }));
        if (added.length > 0) await own.insertInto('caseTeamProcesses', added).execute();
      });
    },

    /** Turns a team's subscription on (adding the robot) or off (no change when the robot is not listed). */
    async setSubscribed(tenantId: string, teamId: string, processId: string, subscribed: boolean): Promise<void> {
      const flag = subscribed ? 1 : 0;
      await db.transaction().execute(async (trx) => {
        const own = scoped(trx, tenantId);
        const updated = await own
          .updateTable('caseTeamProcesses')
          .set({ subscribed: flag })
          .where('teamId', '=', teamId)
          .where('processId', '=', processId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0 && subscribed)
          await own
            .insertInto('caseTeamProcesses', { teamId, processId, subscribed: flag, createdAt: isoNow() })
            .execute();
      });
    },

    /**
     * The team's cases for an export, newest first, read a batch at a time (each batch after the last row
     * given), so a reader that stops early leaves the rest unread: at most one past the export's row bound, by
     * which the writer knows there were more.
     */
    async *exportRows(tenantId: string, teamId: string): AsyncGenerator<TeamCaseRow> {
      let last: { createdAt: string; id: string } | undefined;
      let read = 0;
      const readMax = CASE_TEAM_LIMITS.exportRowsMax + 1;
      while (read < readMax) {
        const limit = Math.min(EXPORT_BATCH, readMax - read);
        let query = scoped(db, tenantId)
          .selectFrom('cases')
          .leftJoin('processes', (join) =>
            join
              .onRef('processes.processId', '=', 'cases.processId')
              .onRef('processes.tenantId', '=', 'cases.tenantId'),
          )
          .leftJoin('users as assignee', (join) =>
            join.onRef('assignee.id', '=', 'cases.assigneeId').onRef('assignee.tenantId', '=', 'cases.tenantId'),
          )
          .select([
            'cases.id',
            'cases.title',
            'cases.customer',
            'cases.phone',
            'cases.status',
            'processes.name as processName',
            'assignee.nickname as assigneeName',
            'cases.form',
            'cases.notes',
            'cases.createdAt',
            'cases.closedAt',
          ])
          .where('cases.teamId', '=', teamId);
        if (last) {
          const { createdAt, id } = last;
          query = query.where((eb) =>
            eb.or([
              eb('cases.createdAt', '<', createdAt),
              eb.and([eb('cases.createdAt', '=', createdAt), eb('cases.id', '<', id)]),
            ]),
          );
        }
        const rows = await query.orderBy('cases.createdAt', 'desc').orderBy('cases.id', 'desc').limit(limit).execute();
        for (const row of rows)
          yield { ...row, processName: row.processName ?? '', assigneeName: row.assigneeName ?? '' };
        read += rows.length;
        if (rows.length < limit) return;
        last = rows[rows.length - 1]!;
      }
    },

    async phones(tenantId: string, query: ListCaseSalePhonesQuery): Promise<Page<CaseSalePhone>> {
      const digits = normalizePhone(query.keyword ?? '');
      const base = () => {
        const q = scoped(db, tenantId).selectFrom('caseSalePhones');
        return digits ? q.where(containsText('phone', digits)) : q;
      };
      const [list, count] = await Promise.all([
        base().select(['id', 'phone', 'createdAt']).orderBy('phone').limit(query.limit).offset(query.offset).execute(),
        base()
          .select((eb) => eb.fn.countAll<number | string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return paged(list, count.total);
    },

    /** Adds a normalized phone; refused when listed already or when the list is full. */
    async addPhone(
      tenantId: string,
      phone: string,
    ): Promise<{ ok: true; phone: CaseSalePhone } | { ok: false; reason: 'TAKEN' | 'FULL' }> {
      const entry = { id: randomUUID(), phone, createdAt: isoNow() };
      try {
        return await db.transaction().execute(async (trx) => {
          const own = scoped(trx, tenantId);
          const { total } = await own
            .selectFrom('caseSalePhones')
            .select((eb) => eb.fn.countAll<number | string>().as('total'))
            .executeTakeFirstOrThrow();
          if (Number(total) >= CASE_TEAM_LIMITS.salePhonesMax) return { ok: false as const, reason: 'FULL' as const };
          await own.insertInto('caseSalePhones', entry).execute();
          return { ok: true as const, phone: entry };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'TAKEN' };
        throw error;
      }
    },

    async removePhone(tenantId: string, id: string): Promise<boolean> {
      const result = await scoped(db, tenantId).deleteFrom('caseSalePhones').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
  return repository;
}
