import { sql, type Kysely } from 'kysely';

/** Read with raw SQL and one-word aliases: the app's Kysely renames columns (CamelCasePlugin), raw SQL is left as written. */
type LinkRow = { provider: string; subject: string; email: string };

/** A link's email as this migration defines it (kept here: a migration never changes). */
const linkEmail = (email: string): string => {
  const trimmed = email.trim().toLowerCase();
  return trimmed.length <= 254 ? trimmed : '';
};

// A single sign-on user is found by a verified email another of the tenant's providers linked: links keep
// emails trimmed and in lower case (as JavaScript lowers them: SQLite's lower() knows only ASCII), and the
// lookup by (tenant, email) has an index.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<LinkRow>`
    select provider_key as provider, subject, email from oidc_links where email <> ''`.execute(db);
  for (const row of rows) {
    const email = linkEmail(row.email);
    if (email !== row.email)
      await sql`update oidc_links set email = ${email}
        where provider_key = ${row.provider} and subject = ${row.subject}`.execute(db);
  }
  await db.schema
    .createIndex('oidc_links_email')
    .ifNotExists()
    .on('oidc_links')
    .columns(['tenant_id', 'email'])
    .execute();
}
