import { randomUUID } from 'node:crypto';
import type { DatabaseQueriesQuery, DatabaseQueryLog, DatabaseQueryMode, Page } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { paged } from '../../../db/filters';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

/** Characters of a logged question or statement at most (the rest is cut). */
const LOGGED_CHARS = 4000;

/** One query a robot ran or was refused, as the lookup records it. */
export type DatabaseQueryEntry = {
  databaseId: string;
  processId: string;
  sessionId: string;
  question: string;
  mode: DatabaseQueryMode;
  sql: string;
  rows: number;
  ms: number;
  refused: string | null;
};

/** The log of robots' queries on the tenants' databases (database_queries); it goes with its database. */
export function databaseQueriesRepository(db: Database) {
  return {
    async record(tenantId: string, entry: DatabaseQueryEntry): Promise<void> {
      await scoped(db, tenantId)
        .insertInto('databaseQueries', {
          id: randomUUID(),
          databaseId: entry.databaseId,
          processId: entry.processId,
          sessionId: entry.sessionId,
          question: entry.question.slice(0, LOGGED_CHARS),
          mode: entry.mode,
          sql: entry.sql.slice(0, LOGGED_CHARS),
          rows: entry.rows,
          ms: entry.ms,
          refused: entry.refused,
          createdAt: isoNow(),
        })
        .execute();
    },

    /** One page of a database's queries, newest first, by robot and by whether they were refused. */
    async list(tenantId: string, databaseId: string, query: DatabaseQueriesQuery): Promise<Page<DatabaseQueryLog>> {
      let base = scoped(db, tenantId)
        .selectFrom('databaseQueries')
        // The log outlives its robot: a deleted robot leaves an empty processName.
        .leftJoin('processes', (join) =>
          join
            .onRef('processes.processId', '=', 'databaseQueries.processId')
            .onRef('processes.tenantId', '=', 'databaseQueries.tenantId'),
        )
        .where('databaseQueries.databaseId', '=', databaseId);
      if (query.processId) base = base.where('databaseQueries.processId', '=', query.processId);
      if (query.refused === true) base = base.where('databaseQueries.refused', 'is not', null);
      if (query.refused === false) base = base.where('databaseQueries.refused', 'is', null);
      const [rows, count] = await Promise.all([
        base
          .select([
            'databaseQueries.id',
            'databaseQueries.processId',
            'processes.name as processName',
            'databaseQueries.sessionId',
            'databaseQueries.question',
            'databaseQueries.mode',
            'databaseQueries.sql',
            'databaseQueries.rows',
            'databaseQueries.ms',
            'databaseQueries.refused',
            'databaseQueries.createdAt',
          ])
          .orderBy('databaseQueries.createdAt', 'desc')
          .orderBy('databaseQueries.id')
          .limit(query.limit)
          .offset(query.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
      ]);
      return paged(
        rows.map((row) => ({
          ...row,
          processName: row.processName ?? '',
          rows: Number(row.rows),
          ms: Number(row.ms),
        })),
        count.total,
      );
    },
  };
}

export type DatabaseQueriesRepository = ReturnType<typeof databaseQueriesRepository>;
