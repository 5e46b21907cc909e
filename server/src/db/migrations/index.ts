import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DialectName } from '../database';
import * as foundation from './001-foundation';
import * as dataVersions from './002-data-versions';
import * as robotConfig from './003-robot-config';
import * as chatAndCredits from './004-chat-and-credits';
import * as knowledge from './005-knowledge';
import * as searchIndex from './006-search-index';
import * as jobParsing from './007-job-parsing';
import * as segmentGenerations from './008-segment-generations';
import * as flows from './009-flows';
import * as businessScenes from './010-business-scenes';
import * as databases from './011-databases';
import * as databaseTables from './012-database-tables';
import * as creditSettings from './013-credit-settings';
import * as referrals from './014-referrals';
import * as dashboardFacts from './015-dashboard-facts';
import * as jobCheckpoints from './016-job-checkpoints';
import * as cases from './017-cases';
import * as caseTeams from './018-case-teams';
import * as caseFiles from './019-case-files';
import * as caseComparisons from './020-case-comparisons';
import * as referralPhoneKeys from './021-referral-phone-keys';
import * as sms from './022-sms';
import * as oidc from './023-oidc';
import * as registerPhoneCode from './024-register-phone-code';
import * as oidcLinkEmails from './025-oidc-link-emails';

/** A migration that may differ by dialect: it receives the dialect after the database. */
type DialectMigration = {
  up(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectName): Promise<void>;
};

/** Every migration, in order. Names are permanent once released: add new ones, never rename. */
const MIGRATIONS: Record<string, DialectMigration> = {
  '001-foundation': foundation,
  '002-data-versions': dataVersions,
  '003-robot-config': robotConfig,
  '004-chat-and-credits': chatAndCredits,
  '005-knowledge': knowledge,
  '006-search-index': searchIndex,
  '007-job-parsing': jobParsing,
  '008-segment-generations': segmentGenerations,
  '009-flows': flows,
  '010-business-scenes': businessScenes,
  '011-databases': databases,
  '012-database-tables': databaseTables,
  '013-credit-settings': creditSettings,
  '014-referrals': referrals,
  '015-dashboard-facts': dashboardFacts,
  '016-job-checkpoints': jobCheckpoints,
  '017-cases': cases,
  '018-case-teams': caseTeams,
  '019-case-files': caseFiles,
  '020-case-comparisons': caseComparisons,
  '021-referral-phone-keys': referralPhoneKeys,
  '022-sms': sms,
  '023-oidc': oidc,
  '024-register-phone-code': registerPhoneCode,
  '025-oidc-link-emails': oidcLinkEmails,
};

/** The migrations for Kysely's Migrator (which calls `up(db)`): each is bound to the dialect here. */
export function providerFor(dialect: DialectName): MigrationProvider {
  const bound = Object.fromEntries(
    Object.entries(MIGRATIONS).map(([name, { up, down }]): [string, Migration] => [
      name,
      { up: (db) => up(db, dialect), ...(down ? { down: (db: Kysely<unknown>) => down(db, dialect) } : {}) },
    ]),
  );
  return { getMigrations: async () => bound };
}

/**
 * On PostgreSQL the migrator's own tables must live in the schema we use: left unqualified, Kysely looks
 * for them in every schema of the database and would take another schema's (another test's) for ours.
 */
async function migrationTableSchema(db: Kysely<unknown>, dialect: DialectName): Promise<string | undefined> {
  if (dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(db);
  return rows[0]?.name ?? 'public';
}

/** Brings the database to the latest schema; Kysely's migrator locks, so concurrent starts are safe. */
export async function migrateToLatest(db: Kysely<unknown>, dialect: DialectName): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: providerFor(dialect),
    migrationTableSchema: await migrationTableSchema(db, dialect),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
