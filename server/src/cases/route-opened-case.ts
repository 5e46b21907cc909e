import { randomUUID } from 'node:crypto';
import { CASE_ORDER_LIMITS, type CaseFormValues, type CaseSource } from '@flotilla/shared/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { scoped } from '../db/scoped';
import { isoNow } from '../lib/clock';
import { normalizePhone } from '../plugins/app/cases/case-teams-repository';

/** A case just inserted, as the routing of new cases sees it. */
export type OpenedCase = {
  id: string;
  tenantId: string;
  processId: string;
  title: string;
  customer: string;
  phone: string;
  form: CaseFormValues;
  source: CaseSource;
};

/** Who receives a new case: the team and the agent (both null when no team subscribes to its robot). */
export type CaseRecipient = { teamId: string | null; assigneeId: string | null };

/** What a case's values say about an order: product, quantity and total in cents, or null when no order. */
export function orderOf(form: CaseFormValues): { product: string; quantity: number; amountCents: number } | null {
  const product = typeof form.product === 'string' ? form.product.trim() : '';
  if (!product || product.length > CASE_ORDER_LIMITS.productMax) return null;
  const amount = typeof form.amount === 'number' ? form.amount : Number(String(form.amount ?? '').trim() || NaN);
  if (!Number.isFinite(amount) || amount < 0) return null;
  const amountCents = Math.round(amount * 100);
  // More than two decimals is not money: no order rather than a rounded one.
  if (Math.abs(amountCents - amount * 100) > 1e-6 || amountCents > CASE_ORDER_LIMITS.amountCentsMax) return null;
  const rawQuantity = form.quantity;
  const quantity =
    rawQuantity === undefined || rawQuantity === ''
      ? 1
      : typeof rawQuantity === 'number'
        ? rawQuantity
        : Number(rawQuantity);
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > CASE_ORDER_LIMITS.quantityMax) return null;
  return { product, quantity, amountCents };
}

/**
 * A product-order scene names its product and unit price in its own values; the visitor gives the quantity.
 * The case's values then lack only what the scene knows: product, and the total (`unitPrice × quantity`).
 * A unit price that is not money (negative, over two decimals) leaves the values as they are: no order.
 */
export function withSceneOrder(form: CaseFormValues, scene: Record<string, unknown>): CaseFormValues {
  const product = typeof scene.product === 'string' ? scene.product.trim() : '';
  const unitPrice = typeof scene.unitPrice === 'string' ? Number(scene.unitPrice.trim() || NaN) : NaN;
  if (form.amount !== undefined || !product || !Number.isFinite(unitPrice) || unitPrice < 0) return form;
  const unitCents = Math.round(unitPrice * 100);
  if (Math.abs(unitCents - unitPrice * 100) > 1e-6) return form;
  const quantity = form.quantity === undefined || form.quantity === '' ? 1 : Number(form.quantity);
  if (!Number.isInteger(quantity) || quantity < 1) return form;
  return { product, ...form, amount: (unitCents * quantity) / 100 };
}

/** Records the case's order when its robot was made from a business scene and its values name one. */
async function recordOrder(trx: Transaction<DB>, opened: OpenedCase): Promise<void> {
  const own = scoped(trx, opened.tenantId);
  const scene = await own
    .selectFrom('businessScenes')
    .select('values')
    .where('processId', '=', opened.processId)
    .executeTakeFirst();
  if (!scene) return;
  const order = orderOf(withSceneOrder(opened.form, sceneValuesOf(scene.values)));
  if (!order) return;
  const now = isoNow();
  await own
    .insertInto('caseOrders', {
      id: randomUUID(),
      caseId: opened.id,
      processId: opened.processId,
      ...order,
      customer: opened.customer,
      phone: opened.phone,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .execute();
}

/** A scene row's stored values (JSON written by the scenes repository); anything else reads as none. */
function sceneValuesOf(json: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Runs in the transaction that opens a case: picks the subscribed team and its next agent (round-robin),
 * notifies that agent and records an order for a business-scene robot (docs/case-teams.md). The caller writes
 * the answer onto the case.
 *
 * Of the teams subscribed to the robot that have a member who may receive cases (unfrozen and, when the
 * tenant's whitelist is not empty, with a phone on it), the one that received a case longest ago gets it.
 * Within the team the member after the cursor (`last_position`) gets it. The cursor's row is locked by an
 * update before it is read, so concurrent openings for one team take turns one after another: on PostgreSQL
 * the second waits for the first's commit and reads the moved cursor; SQLite runs one write at a time.
 */
export async function routeOpenedCase(trx: Transaction<DB>, opened: OpenedCase): Promise<CaseRecipient> {
  await recordOrder(trx, opened);
  const own = scoped(trx, opened.tenantId);
  const teams = await own
    .selectFrom('caseTeams')
    .innerJoin('caseTeamProcesses', 'caseTeamProcesses.teamId', 'caseTeams.id')
    .select(['caseTeams.id', 'caseTeams.routedAt', 'caseTeams.createdAt'])
    .where('caseTeamProcesses.processId', '=', opened.processId)
    .where('caseTeamProcesses.subscribed', '=', 1)
    .execute();
  if (teams.length === 0) return { teamId: null, assigneeId: null };
  // Never-served teams first, then the longest waiting; sorted here as the databases order nulls differently.
  teams.sort(
    (a, b) =>
      (a.routedAt ?? '').localeCompare(b.routedAt ?? '') ||
      a.createdAt.localeCompare(b.createdAt) ||
      a.id.localeCompare(b.id),
  );

  const whitelist = new Set((await own.selectFrom('caseSalePhones').select('phone').execute()).map((row) => row.phone));
  const members = await own
    .selectFrom('caseTeamMembers')
    .innerJoin('users', 'users.id', 'caseTeamMembers.userId')
    .select(['caseTeamMembers.teamId', 'caseTeamMembers.userId', 'caseTeamMembers.position', 'users.phone'])
    .where(
      'caseTeamMembers.teamId',
      'in',
      teams.map((team) => team.id),
    )
    .where('users.ban', '=', 0)
    .orderBy('caseTeamMembers.position')
    .execute();
  const eligible = members.filter((m) => whitelist.size === 0 || whitelist.has(normalizePhone(m.phone)));
  const team = teams.find((t) => eligible.some((m) => m.teamId === t.id));
  if (!team) return { teamId: teams[0]!.id, assigneeId: null };

  // The no-op update takes the row's lock; what it answers is the cursor as the last commit left it.
  const { lastPosition } = await own
    .updateTable('caseTeams')
    .set((eb) => ({ lastPosition: eb.ref('lastPosition') }))
    .where('id', '=', team.id)
    .returning('lastPosition')
    .executeTakeFirstOrThrow();
  const turn = eligible.filter((m) => m.teamId === team.id);
  const next = turn.find((m) => m.position > lastPosition) ?? turn[0]!;
  const now = isoNow();
  await own
    .updateTable('caseTeams')
    .set({ lastPosition: next.position, routedAt: now })
    .where('id', '=', team.id)
    .execute();
  await own
    .insertInto('caseNotifications', {
      id: randomUUID(),
      userId: next.userId,
      caseId: opened.id,
      title: opened.title,
      readAt: null,
      createdAt: now,
    })
    .execute();
  return { teamId: team.id, assigneeId: next.userId };
}
