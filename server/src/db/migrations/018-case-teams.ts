import type { Kysely } from 'kysely';

// Teams of agents, the robots they receive, the phone whitelist, orders, notifications (issue 15 fills this).
export async function up(_db: Kysely<unknown>): Promise<void> {}
