import type { Kysely } from 'kysely';

// Teams of agents and the robots whose cases they receive, the round-robin cursor of each team, the phone
// whitelist of case notifications, the notifications themselves and the orders of business-scene robots.
export async function up(db: Kysely<unknown>): Promise<void> {
  // `last_position`: the member position that received the team's last case (0: none yet); `routed_at`: when
  // the team last received one — the team of a robot's several that waited longest receives the next case.
  await db.schema
    .createTable('case_teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('routed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('case_teams_tenant_name', ['tenant_id', 'name'])
    .execute();
  await db.schema
    .createIndex('case_teams_tenant_created')
    .on('case_teams')
    .columns(['tenant_id', 'created_at'])
    .execute();

  // `position`: the member's place in the team's turn order (joining order, never reused within a team).
  await db.schema
    .createTable('case_team_members')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('case_teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_team_members_pk', ['team_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('case_team_members_user')
    .on('case_team_members')
    .columns(['tenant_id', 'user_id'])
    .execute();

  // A robot a team receives cases of; `subscribed` 0 keeps it on the list without routing its cases there.
  await db.schema
    .createTable('case_team_processes')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('case_teams.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull().references('processes.process_id').onDelete('cascade'))
    .addColumn('subscribed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_team_processes_pk', ['team_id', 'process_id'])
    .execute();
  await db.schema
    .createIndex('case_team_processes_process')
    .on('case_team_processes')
    .columns(['tenant_id', 'process_id'])
    .execute();

  await db.schema
    .createTable('case_sale_phones')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('case_sale_phones_tenant_phone', ['tenant_id', 'phone'])
    .execute();

  await db.schema
    .createTable('case_notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull().references('cases.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('case_notifications_user')
    .on('case_notifications')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();

  // No foreign key to cases or processes: an order is a business record and outlives both.
  await db.schema
    .createTable('case_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('case_id', 'text', (c) => c.notNull())
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('customer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('case_orders_tenant_created')
    .on('case_orders')
    .columns(['tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'case_orders',
    'case_notifications',
    'case_sale_phones',
    'case_team_processes',
    'case_team_members',
    'case_teams',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
