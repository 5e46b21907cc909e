import { sql, type Kysely } from 'kysely';

const CASE_COLUMNS: [name: string, type: 'text', nullable: boolean, fallback: string | null][] = [
  ['source', 'text', false, 'manual'],
  ['form', 'text', false, '{}'],
  ['session_id', 'text', true, null],
  ['visitor_id', 'text', true, null],
  ['share_id', 'text', true, null],
  ['team_id', 'text', true, null],
  ['assignee_id', 'text', true, null],
  ['notes', 'text', false, ''],
  ['closed_at', 'text', true, null],
];

// Cases grow: where they came from, the fields they collected, the conversation and visitor, the team and agent
// they were given to, notes and when they closed. Robots get a case form. Old statuses map onto the new flow.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  for (const [name, type, nullable, fallback] of CASE_COLUMNS) {
    await db.schema
      .alterTable('cases')
      .addColumn(name, type, (c) => (nullable ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  await sql`update cases set status = 'new' where status = 'open'`.execute(db);
  await sql`update cases set status = 'in_progress' where status = 'following'`.execute(db);
  await sql`update cases set closed_at = updated_at where status = 'closed'`.execute(db);

  // One case per conversation of a robot: two answers racing to open it meet here.
  await db.schema
    .createIndex('cases_one_per_session')
    .on('cases')
    .columns(['tenant_id', 'process_id', 'session_id'])
    .unique()
    .where(sql.ref('session_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('cases_tenant_process').on('cases').columns(['tenant_id', 'process_id']).execute();
  await db.schema.createIndex('cases_tenant_assignee').on('cases').columns(['tenant_id', 'assignee_id']).execute();
  await db.schema.createIndex('cases_tenant_team').on('cases').columns(['tenant_id', 'team_id']).execute();
  await db.schema.createIndex('cases_share_visitor').on('cases').columns(['share_id', 'visitor_id']).execute();

  // No foreign key to processes, like cases: the row goes with the robot in the robot's deletion.
  await db.schema
    .createTable('case_forms')
    .addColumn('tenant_id', 'text', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('process_id', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('case_forms_pk', ['tenant_id', 'process_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('case_forms').ifExists().execute();
  for (const index of [
    'cases_share_visitor',
    'cases_tenant_team',
    'cases_tenant_assignee',
    'cases_tenant_process',
    'cases_one_per_session',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const [name] of [...CASE_COLUMNS].reverse()) {
    await db.schema.alterTable('cases').dropColumn(name).execute();
  }
  await sql`update cases set status = 'open' where status in ('new', 'assigned')`.execute(db);
  await sql`update cases set status = 'following' where status = 'in_progress'`.execute(db);
}
