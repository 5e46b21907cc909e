import type { Kysely } from 'kysely';

// Single sign-on: the providers admins add (client secret sealed), the login attempts in flight (state →
// PKCE verifier and nonce, used once) and which provider subject is which user.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oidc_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('oidc_providers_tenant')
    .on('oidc_providers')
    .columns(['tenant_id', 'created_at'])
    .execute();

  // provider_key: `env:<id>` for a provider of FLOTILLA_OIDC, `db:<id>` for one of oidc_providers.
  await db.schema
    .createTable('oidc_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('provider_key', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('oidc_states_expiry').on('oidc_states').column('expires_at').execute();

  await db.schema
    .createTable('oidc_links')
    .addColumn('provider_key', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oidc_links_pk', ['provider_key', 'subject'])
    .execute();
  await db.schema.createIndex('oidc_links_user').on('oidc_links').columns(['tenant_id', 'user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['oidc_links', 'oidc_states', 'oidc_providers']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
