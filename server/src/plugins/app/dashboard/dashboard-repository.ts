import { sql } from 'kysely';
import { DASHBOARD_TOP_ROBOTS, type DashboardSummaryResponse } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';
import { dialectOf } from '../segments/segments-repository';
import { DAY_MINUTES, SLOT_MINUTES } from './dashboard-counts';

const MINUTE_MS = 60_000;
/** Offsets a tenant's answers are counted by day in; a viewer in yet another offset is summed from the slots. */
export const MAX_COUNTED_OFFSETS = 4;

/** Days of the viewer's calendar (both included), their offset from UTC in minutes, maybe one robot. */
export type DashboardRange = { from: string; to: string; utcOffset: number; processId?: string };

/** The viewer's day of an epoch day number (days since 1970-01-01 in their time zone). */
const dayString = (epochDay: number) => new Date(epochDay * DAY_MINUTES * MINUTE_MS).toISOString().slice(0, 10);
/** The epoch day number of `YYYY-MM-DD`. */
const epochDay = (day: string) => Date.parse(`${day}T00:00:00Z`) / (DAY_MINUTES * MINUTE_MS);

/** Adds a count to a map's entry. */
function add<K>(map: Map<K, number>, key: K, value: number) {
  map.set(key, (map.get(key) ?? 0) + value);
}

/** Summed counts of one day, robot and share link. */
type CountedRow = {
  day: number | string;
  processId: string;
  shareId: string;
  answers: number | string;
  fallbacks: number | string;
  likes: number | string;
  dislikes: number | string;
  credits: number | string;
  sessions: number | string;
};

/**
 * The dashboard's aggregates. Answers, feedback, fallbacks, credits and sessions are summed from the counts
 * the chats repository keeps with every answer, never from the answers themselves: by day of the viewer's
 * offset once the tenant's dashboard has been read in it (dashboard_days), else from the quarter-hour
 * slots (dashboard_slots). A range costs its days, not its answers (docs/dashboard.md).
 */
export function dashboardRepository(db: Database) {
  const postgres = dialectOf(db) === 'postgres';
  // Offsets known to be counted by day, by tenant: a counted offset stays counted, so a server remembers it
  // instead of asking on every read.
  const counting = new Set<string>();

  /**
   * Starts counting the tenant's answers by day of `utcOffset`: its days are summed from the slots once,
   * then kept by each answer. False when the tenant already counts MAX_COUNTED_OFFSETS offsets.
   */
  const startCounting = (tenantId: string, utcOffset: number): Promise<boolean> =>
    db.transaction().execute(async (trx) => {
      const tenant = scoped(trx, tenantId);
      // Answers being written wait, and those in flight finish first: every slot summed below is complete,
      // and every later answer sees the offset (dashboard-counts.ts reads it after writing its slot).
      if (postgres) await sql`lock table dashboard_slots in share mode`.execute(trx);
      const counted = await tenant.selectFrom('dashboardOffsets').select('utcOffset').execute();
      if (counted.some((row) => row.utcOffset === utcOffset)) return true;
      if (counted.length >= MAX_COUNTED_OFFSETS) return false;
      await tenant.insertInto('dashboardOffsets', { utcOffset, createdAt: isoNow() }).execute();
      const day = sql<number>`(slot * ${sql.lit(SLOT_MINUTES)} + ${sql.lit(utcOffset)}) / ${sql.lit(DAY_MINUTES)}`;
      await trx
        .insertInto('dashboardDays')
        .columns([
          'tenantId',
          'utcOffset',
          'day',
          'processId',
          'shareId',
          'answers',
          'fallbacks',
          'likes',
          'dislikes',
          'credits',
          'sessions',
        ])
        .expression(
          tenant
            .selectFrom('dashboardSlots')
            .select((eb) => [
              'tenantId',
              sql.lit(utcOffset).as('utcOffset'),
              day.as('day'),
              'processId',
              'shareId',
              eb.fn.sum<number>('answers').as('answers'),
              eb.fn.sum<number>('fallbacks').as('fallbacks'),
              eb.fn.sum<number>('likes').as('likes'),
              eb.fn.sum<number>('dislikes').as('dislikes'),
              eb.fn.sum<number>('credits').as('credits'),
              eb.fn.sum<number>('sessions').as('sessions'),
            ])
            .groupBy(['tenantId', day, 'processId', 'shareId']),
        )
        .execute();
      return true;
    });

  /** The range's counts by viewer's day, robot and share link. */
  const countedDays = async (tenantId: string, range: DashboardRange, firstDay: number, lastDay: number) => {
    const tenant = scoped(db, tenantId);
    const key = `${tenantId}\t${range.utcOffset}`;
    if (!counting.has(key)) {
      const known = await tenant
        .selectFrom('dashboardOffsets')
        .select('utcOffset')
        .where('utcOffset', '=', range.utcOffset)
        .executeTakeFirst();
      if (known || (await startCounting(tenantId, range.utcOffset))) counting.add(key);
    }
    if (counting.has(key)) {
      let days = tenant
        .selectFrom('dashboardDays')
        .select(['day', 'processId', 'shareId', 'answers', 'fallbacks', 'likes', 'dislikes', 'credits', 'sessions'])
        .where('utcOffset', '=', range.utcOffset)
        .where('day', '>=', firstDay)
        .where('day', '<=', lastDay);
      if (range.processId !== undefined) days = days.where('processId', '=', range.processId);
      return (await days.execute()) as CountedRow[];
    }
    // The viewer's day d starts at UTC minute d·1440 − offset.
    const startSlot = (firstDay * DAY_MINUTES - range.utcOffset) / SLOT_MINUTES;
    const endSlot = ((lastDay + 1) * DAY_MINUTES - range.utcOffset) / SLOT_MINUTES;
    const viewerDay = sql<number>`(slot * ${sql.lit(SLOT_MINUTES)} + ${sql.lit(range.utcOffset)}) / ${sql.lit(DAY_MINUTES)}`;
    let slots = tenant.selectFrom('dashboardSlots').where('slot', '>=', startSlot).where('slot', '<', endSlot);
    if (range.processId !== undefined) slots = slots.where('processId', '=', range.processId);
    return (await slots
      .select((eb) => [
        viewerDay.as('day'),
        'processId',
        'shareId',
        eb.fn.sum<number | string>('answers').as('answers'),
        eb.fn.sum<number | string>('fallbacks').as('fallbacks'),
        eb.fn.sum<number | string>('likes').as('likes'),
        eb.fn.sum<number | string>('dislikes').as('dislikes'),
        eb.fn.sum<number | string>('credits').as('credits'),
        eb.fn.sum<number | string>('sessions').as('sessions'),
      ])
      .groupBy([viewerDay, 'processId', 'shareId'])
      .execute()) as CountedRow[];
  };

  /** Knowledge files added per viewer's day and parsed; with a robot, only its datasets' files. */
  const filesAdded = async (tenantId: string, range: DashboardRange, startMinute: number, endMinute: number) => {
    const tenant = scoped(db, tenantId);
    let datasetIds: string[] | undefined;
    if (range.processId !== undefined) {
      const config = await tenant
        .selectFrom('processConfigs')
        .select('datasetIds')
        .where('processId', '=', range.processId)
        .executeTakeFirst();
      datasetIds = config ? (JSON.parse(config.datasetIds) as string[]) : [];
      if (datasetIds.length === 0) return [];
    }
    let query = tenant
      .selectFrom('datasetFiles')
      .select('createdAt')
      .where('status', '=', 'done')
      .where('createdAt', '>=', new Date(startMinute * MINUTE_MS).toISOString())
      .where('createdAt', '<', new Date(endMinute * MINUTE_MS).toISOString());
    if (datasetIds) query = query.where('datasetId', 'in', datasetIds);
    const byDay = new Map<number, number>();
    for (const { createdAt } of await query.execute()) {
      add(byDay, Math.floor((Date.parse(createdAt) / MINUTE_MS + range.utcOffset) / DAY_MINUTES), 1);
    }
    return [...byDay].sort(([a], [b]) => a - b).map(([day, files]) => ({ day: dayString(day), files }));
  };

  return {
    async summary(tenantId: string, range: DashboardRange): Promise<DashboardSummaryResponse> {
      const tenant = scoped(db, tenantId);
      const firstDay = epochDay(range.from);
      const lastDay = epochDay(range.to);
      // The viewer's day d starts at UTC minute d·1440 − offset.
      const startMinute = firstDay * DAY_MINUTES - range.utcOffset;
      const endMinute = (lastDay + 1) * DAY_MINUTES - range.utcOffset;
      const [robots, counted, files] = await Promise.all([
        tenant.selectFrom('processes').select(['processId', 'name']).execute(),
        countedDays(tenantId, range, firstDay, lastDay),
        filesAdded(tenantId, range, startMinute, endMinute),
      ]);

      // A deleted robot's answers went with it (its logs do too).
      const names = new Map(robots.map((robot) => [robot.processId, robot.name]));
      const byRobotDay = new Map<string, number>();
      const byRobot = new Map<string, number>();
      const creditsByDay = new Map<number, number>();
      const byShare = new Map<string, number>();
      const shareRobot = new Map<string, string>();
      const totals = { answers: 0, fallbacks: 0, likes: 0, dislikes: 0 };
      for (const row of counted) {
        if (!names.has(row.processId)) continue;
        const day = Number(row.day);
        const answers = Number(row.answers);
        add(byRobotDay, `${day}\t${row.processId}`, answers);
        add(byRobot, row.processId, answers);
        add(creditsByDay, day, Number(row.credits));
        if (row.shareId !== '') {
          add(byShare, row.shareId, Number(row.sessions));
          shareRobot.set(row.shareId, row.processId);
        }
        totals.answers += answers;
        totals.fallbacks += Number(row.fallbacks);
        totals.likes += Number(row.likes);
        totals.dislikes += Number(row.dislikes);
      }

      const answersByDay = [...byRobotDay]
        .filter(([, answers]) => answers > 0)
        .map(([key, answers]) => {
          const [day, processId] = key.split('\t') as [string, string];
          return { day: dayString(Number(day)), processId, answers };
        })
        .sort((a, b) => a.day.localeCompare(b.day) || a.processId.localeCompare(b.processId));
      const topRobots = [...byRobot]
        .filter(([, answers]) => answers > 0)
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .slice(0, DASHBOARD_TOP_ROBOTS)
        .map(([processId, answers]) => ({ processId, answers }));
      const sessionsByShare = [...byShare]
        .filter(([, sessions]) => sessions > 0)
        .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
        .map(([shareId, sessions]) => ({ shareId, processId: shareRobot.get(shareId) ?? '', sessions }));
      const named = new Set([...byRobot.keys(), ...shareRobot.values()]);

      return {
        from: range.from,
        to: range.to,
        utcOffset: range.utcOffset,
        robots: [...named].sort().map((processId) => ({ processId, name: names.get(processId) ?? '' })),
        answersByDay,
        creditsByDay: [...creditsByDay]
          .filter(([, credits]) => credits !== 0)
          .sort(([a], [b]) => a - b)
          .map(([day, credits]) => ({ day: dayString(day), credits })),
        topRobots,
        feedback: { likes: totals.likes, dislikes: totals.dislikes },
        answers: { total: totals.answers, fallbacks: totals.fallbacks },
        sessionsByShare,
        filesByDay: files,
      };
    },
  };
}
