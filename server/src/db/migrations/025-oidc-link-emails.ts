import { sql, type Kysely } from 'kysely';

// A single sign-on user is found by a verified email another of the tenant's providers linked: links keep
// emails in lower case, and the lookup by (tenant, email) has an index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update oidc_links set email = lower(email)`.execute(db);
  await db.schema.createIndex('oidc_links_email').on('oidc_links').columns(['tenant_id', 'email']).execute();
}
