import { sql, type RawBuilder } from 'kysely';
import type { Scoped } from '../../../db/scoped';

/** Minutes in a dashboard slot (see migration 015). */
export const SLOT_MINUTES = 15;
export const DAY_MINUTES = 1440;

/** The dashboard's slot of an instant: minutes since the epoch / 15. */
export const dashboardSlot = (iso: string): number => Math.floor(Date.parse(iso) / (SLOT_MINUTES * 60_000));

/** The day (since the epoch) a slot falls in, for viewers at `utcOffset` minutes east of UTC. */
export const dayOfSlot = (slot: number, utcOffset: number): number =>
  Math.floor((slot * SLOT_MINUTES + utcOffset) / DAY_MINUTES);

const COUNTERS = ['answers', 'fallbacks', 'likes', 'dislikes', 'credits', 'sessions'] as const;
type Counter = (typeof COUNTERS)[number];
export type FactCounts = Partial<Record<Counter, number>>;

/** The update of an upsert that adds the new row's counts to the stored ones: `answers = answers + excluded.answers`… */
function addedCounts(table: 'dashboardSlots' | 'dashboardDays'): Record<Counter, RawBuilder<number>> {
  const entries = COUNTERS.map((counter) => [
    counter,
    sql<number>`${sql.ref(`${table}.${counter}`)} + ${sql.ref(`excluded.${counter}`)}`,
  ]);
  return Object.fromEntries(entries) as Record<Counter, RawBuilder<number>>;
}

/**
 * Adds an answer's facts (or a change of its feedback) to the dashboard's counts, inside the caller's
 * transaction: its quarter-hour slot, and its day in each offset the tenant's dashboard is read in.
 */
export async function countAnswerFacts(
  tenant: Scoped,
  slot: number,
  processId: string,
  shareId: string,
  counts: FactCounts,
): Promise<void> {
  const row = { answers: 0, fallbacks: 0, likes: 0, dislikes: 0, credits: 0, sessions: 0, ...counts };
  await tenant
    .insertInto('dashboardSlots', { slot, processId, shareId, ...row })
    .onConflict((oc) =>
      oc.columns(['tenantId', 'slot', 'processId', 'shareId']).doUpdateSet(addedCounts('dashboardSlots')),
    )
    .execute();
  // Read after the slot is written: a dashboard that starts counting an offset meanwhile waits for this
  // transaction (dashboard repository, startCounting) and then finds its slot.
  const offsets = await tenant.selectFrom('dashboardOffsets').select('utcOffset').execute();
  for (const { utcOffset } of offsets) {
    await tenant
      .insertInto('dashboardDays', { utcOffset, day: dayOfSlot(slot, utcOffset), processId, shareId, ...row })
      .onConflict((oc) =>
        oc.columns(['tenantId', 'utcOffset', 'day', 'processId', 'shareId']).doUpdateSet(addedCounts('dashboardDays')),
      )
      .execute();
  }
}
