import type { Scoped } from '../../../db/scoped';

/** Minutes in a dashboard slot (see migration 015). */
export const SLOT_MINUTES = 15;
export const DAY_MINUTES = 1440;

/** The dashboard's slot of an instant: minutes since the epoch / 15. */
export const dashboardSlot = (iso: string): number => Math.floor(Date.parse(iso) / (SLOT_MINUTES * 60_000));

/** The day (since the epoch) a slot falls in, for viewers at `utcOffset` minutes east of UTC. */
export const dayOfSlot = (slot: number, utcOffset: number): number =>
  Math.floor((slot * SLOT_MINUTES + utcOffset) / DAY_MINUTES);

export type FactCounts = Partial<
  Record<'answers' | 'fallbacks' | 'likes' | 'dislikes' | 'credits' | 'sessions', number>
>;

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
      oc.columns(['tenantId', 'slot', 'processId', 'shareId']).doUpdateSet((eb) => ({
        answers: eb('dashboardSlots.answers', '+', eb.ref('excluded.answers')),
        fallbacks: eb('dashboardSlots.fallbacks', '+', eb.ref('excluded.fallbacks')),
        likes: eb('dashboardSlots.likes', '+', eb.ref('excluded.likes')),
        dislikes: eb('dashboardSlots.dislikes', '+', eb.ref('excluded.dislikes')),
        credits: eb('dashboardSlots.credits', '+', eb.ref('excluded.credits')),
        sessions: eb('dashboardSlots.sessions', '+', eb.ref('excluded.sessions')),
      })),
    )
    .execute();
  // Read after the slot is written: a dashboard that starts counting an offset meanwhile waits for this
  // transaction (dashboard repository, startCounting) and then finds its slot.
  const offsets = await tenant.selectFrom('dashboardOffsets').select('utcOffset').execute();
  for (const { utcOffset } of offsets) {
    await tenant
      .insertInto('dashboardDays', { utcOffset, day: dayOfSlot(slot, utcOffset), processId, shareId, ...row })
      .onConflict((oc) =>
        oc.columns(['tenantId', 'utcOffset', 'day', 'processId', 'shareId']).doUpdateSet((eb) => ({
          answers: eb('dashboardDays.answers', '+', eb.ref('excluded.answers')),
          fallbacks: eb('dashboardDays.fallbacks', '+', eb.ref('excluded.fallbacks')),
          likes: eb('dashboardDays.likes', '+', eb.ref('excluded.likes')),
          dislikes: eb('dashboardDays.dislikes', '+', eb.ref('excluded.dislikes')),
          credits: eb('dashboardDays.credits', '+', eb.ref('excluded.credits')),
          sessions: eb('dashboardDays.sessions', '+', eb.ref('excluded.sessions')),
        })),
      )
      .execute();
  }
}
