import { sql, type Kysely } from 'kysely';

/** Read with raw SQL and one-word aliases: the app's Kysely renames columns (CamelCasePlugin), raw SQL is left as written. */
type PhoneRow = { tenant: string; phone: string; rewarded: number; created: string };

/** The reward key of a phone as this migration defines it (kept here: a migration never changes). */
const rewardKey = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  const mobile = /^(?:0086|86)(1\d{10})$/.exec(digits);
  return mobile ? mobile[1]! : digits;
};

// Rewarded phones were keyed by their text without spaces or dashes, so "+8613800138000" and "13800138000"
// were two phones with a reward each. Keys become digits without China's country code; rows that meet under one
// key merge (rewarded if either was, first seen when the earlier was).
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<PhoneRow>`
    select tenant_id as tenant, phone, rewarded, created_at as created from referral_phones`.execute(db);
  const merged = new Map<string, PhoneRow>();
  for (const row of rows) {
    const phone = rewardKey(row.phone);
    const key = `${row.tenant}\u0000${phone}`;
    const seen = merged.get(key);
    merged.set(key, {
      tenant: row.tenant,
      phone,
      rewarded: Math.max(Number(row.rewarded), Number(seen?.rewarded ?? 0)),
      created: seen && seen.created < row.created ? seen.created : row.created,
    });
  }
  if (rows.every((row) => rewardKey(row.phone) === row.phone)) return;
  await sql`delete from referral_phones`.execute(db);
  for (const row of merged.values())
    await sql`insert into referral_phones (tenant_id, phone, rewarded, created_at)
      values (${row.tenant}, ${row.phone}, ${row.rewarded}, ${row.created})`.execute(db);
}
