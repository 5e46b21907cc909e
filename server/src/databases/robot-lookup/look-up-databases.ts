import type { Cell, Citation, DatabaseTable, Locale, Usage } from '@flotilla/shared/contracts';
import { checkReadOnlySql } from '../../lib/sql-guard';
import type { DatabaseQueryEntry } from '../../plugins/app/databases/database-queries-repository';
import type { TableNote } from '../../plugins/app/databases/database-tables-repository';
import { DatabaseQueryError, type DatabaseReader, type IntrospectedColumn, type QueryRows } from '../reader';
import { tableCatalogue } from '../table-catalogue';
import { keyCandidates } from './key-candidates';
import { DatabaseLookupError, type LookupReason } from './lookup-failure';
import { rowSentence, rowsTable, tableWord } from './row-text';
import { sqlFromReply, sqlInstructions } from './text-to-sql';

/** A model asked for SQL: the instructions and the question in, its reply out. */
export type AskModel = (
  instructions: string,
  question: string,
  signal: AbortSignal,
) => Promise<{ text: string; usage: Usage }>;

/** What a lookup reaches: the tenant's databases, their readers and notes, the query log. */
export type LookupDeps = {
  databases: { get(tenantId: string, id: string): Promise<{ name: string } | undefined> };
  readers: { readerFor(tenantId: string, id: string): Promise<DatabaseReader | undefined> };
  notes: { list(tenantId: string, databaseId: string): Promise<TableNote[]> };
  queries: { record(tenantId: string, entry: DatabaseQueryEntry): Promise<void> };
  onLogError?: (error: unknown) => void;
};

export type LookupInput = {
  tenantId: string;
  processId: string;
  sessionId: string;
  /** The visitor's question, as the log shows it. */
  question: string;
  /** What to look up (a node's templated query, else the question). */
  query: string;
  databaseIds: string[];
  /** Rows found at most, over all the databases. */
  limit: number;
  /** The time the whole lookup may take: each statement's limit ends with it. */
  timeoutMs: number;
  locale: Locale;
  /** Undefined: the builtin provider, which looks rows up by the key values of the query. */
  askModel?: AskModel;
  signal: AbortSignal;
};

export type LookupResult = {
  text: string;
  rows: Array<Record<string, Cell>>;
  citations: Array<Omit<Citation, 'index'>>;
  usage: Usage;
};

/** Time of one statement at most: well within a dbQuery node's budget. */
const STATEMENT_TIMEOUT_MS = 5000;
/** Time kept, at the end of a lookup's, for a statement's timeout to come back as such. */
const RESERVE_MS = 500;
/** Key lookups of one question in one database at most (a database may have hundreds of tables). */
const KEY_STATEMENTS = 20;
const NO_USAGE: Usage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

// Column types a key value may be compared with: text (a value as given) and numbers (digits only).
const TEXT_TYPE = /char|text|string|clob|^$/i;
const NUMBER_TYPE =
  /^(?:(?:tiny|small|medium|big)?int(?:eger)?|int[248]|numeric|decimal|real|double|float\d*|number|(?:small|big)?serial)\b/i;

/** Tables shown to a model at most. */
const PROMPT_TABLES = 50;

/** Whether operators described the table or one of its columns. */
const described = (table: DatabaseTable) =>
  table.description !== '' || table.columns.some((column) => column.description !== '');

type Found = { sentences: string[]; rows: Array<Record<string, Cell>>; citations: LookupResult['citations'] };

const asRecords = ({ columns, rows }: QueryRows) =>
  rows.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i] ?? null])));

/**
 * Reads a robot's databases for a query. With no model (the builtin provider) it looks rows up by the key
 * values of the query in each present table's key columns; with a model it asks for one SELECT over the
 * described tables, checks it read-only, and runs it. Every statement, run or refused, is logged. Rows found
 * in one database are answered even when another failed; when none was found and one failed, the failure
 * is thrown as a DatabaseLookupError. Nothing found and nothing failed gives an empty result.
 */
export async function lookUpDatabases(deps: LookupDeps, input: LookupInput): Promise<LookupResult> {
  const found: Found = { sentences: [], rows: [], citations: [] };
  // Without a model only key values are looked up: a question with none reads nothing (no connection).
  if (!input.askModel && keyCandidates(input.query).length === 0) return { text: '', ...found, usage: NO_USAGE };
  // A statement stops before the lookup's time is up (and at STATEMENT_TIMEOUT_MS), so that its own
  // TIMEOUT is what the node reports, not the node's time limit cutting it off.
  const ends = Date.now() + input.timeoutMs - Math.min(RESERVE_MS, input.timeoutMs / 4);
  const statementMs = () => Math.max(1, Math.min(STATEMENT_TIMEOUT_MS, ends - Date.now()));
  const mode = input.askModel ? 'sql' : 'key';
  let usage = NO_USAGE;
  let failure: DatabaseLookupError | undefined;
  for (const databaseId of new Set(input.databaseIds)) {
    const left = input.limit - found.rows.length;
    if (left <= 0 || input.signal.aborted) break;
    const log = (entry: LogEntry) =>
      deps.queries
        .record(input.tenantId, {
          databaseId,
          processId: input.processId,
          sessionId: input.sessionId,
          question: input.question,
          ...entry,
        })
        .catch((error: unknown) => deps.onLogError?.(error));
    let database: { name: string } | undefined;
    try {
      database = await deps.databases.get(input.tenantId, databaseId);
      const reader = database && (await deps.readers.readerFor(input.tenantId, databaseId));
      if (!database || !reader) throw new DatabaseLookupError('DATABASE_GONE', `database ${databaseId} is gone`);
      const notes = await deps.notes.list(input.tenantId, databaseId);
      const catalogue = tableCatalogue(await reader.tables(), notes);
      const tables = catalogue.filter((table) => !table.gone);
      const source = { databaseId, name: database.name, reader, tables, log, statementMs };
      const before = found.rows.length;
      if (input.askModel) {
        usage = addUsage(usage, await bySql(source, input, input.askModel, left, found));
      } else {
        await byKeys(source, input, found);
      }
      // A question about data the robot can no longer read: a described table is gone, or none is left.
      if (found.rows.length === before && (tables.length === 0 || catalogue.some((t) => t.gone)))
        throw new DatabaseLookupError('TABLE_GONE', `database ${databaseId}: a described table is gone`);
    } catch (error) {
      const failed = asLookupError(error);
      // A database that could not be reached, or whose table is gone, is logged too (with no statement);
      // a deleted one has no log left.
      if (database && !failed.logged) await log({ mode, sql: '', rows: 0, ms: 0, refused: failed.reason });
      failure ??= failed;
    }
  }
  if (found.rows.length === 0 && failure) throw failure;
  return { text: found.sentences.join('\n'), rows: found.rows, citations: found.citations, usage };
}

type LogEntry = Omit<DatabaseQueryEntry, 'databaseId' | 'processId' | 'sessionId' | 'question'>;

type Source = {
  databaseId: string;
  name: string;
  reader: DatabaseReader;
  tables: DatabaseTable[];
  statementMs: () => number;
  log: (entry: LogEntry) => Promise<void>;
};

function asLookupError(error: unknown): DatabaseLookupError {
  if (error instanceof DatabaseLookupError) return error;
  if (error instanceof DatabaseQueryError) return new DatabaseLookupError(error.code, error.detail);
  return new DatabaseLookupError('QUERY_FAILED', error instanceof Error ? error.message : String(error));
}

const addUsage = (a: Usage, b: Usage): Usage => ({
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
  totalTokens: a.totalTokens + b.totalTokens,
});

/** Runs a statement and logs it (a failure too, with its code); the failure is rethrown. */
async function logged(
  source: Source,
  mode: DatabaseQueryEntry['mode'],
  run: () => Promise<QueryRows>,
  shown: string,
): Promise<QueryRows> {
  const started = performance.now();
  const ms = () => Math.round((performance.now() - started) * 1000) / 1000;
  try {
    const result = await run();
    await source.log({ mode, sql: shown, rows: result.rows.length, ms: ms(), refused: null });
    return result;
  } catch (error) {
    const reason: LookupReason = error instanceof DatabaseQueryError ? error.code : 'QUERY_FAILED';
    await source.log({ mode, sql: shown, rows: 0, ms: ms(), refused: reason });
    throw new DatabaseLookupError(reason, error instanceof Error ? error.message : String(error), true);
  }
}

/** The values of the query a column may be compared with: text as given (and upper-cased), numbers as numbers. */
function valuesFor(column: Pick<IntrospectedColumn, 'type'>, candidates: string[]): Array<string | number> {
  if (NUMBER_TYPE.test(column.type)) {
    return candidates.filter((value) => /^\d{1,15}$/.test(value)).map(Number);
  }
  if (!TEXT_TYPE.test(column.type)) return [];
  // Upper-cased too: codes are mostly stored upper case, and an equality keeps the column's index usable
  // (lower(col) = lower(?) would not). Other case differences are not matched on PostgreSQL and SQLite.
  return [...new Set(candidates.flatMap((value) => [value, value.toUpperCase()]))];
}

/**
 * Key lookup: for each present table's key columns, the rows whose key equals one of the query's key
 * values (`SELECT * FROM t WHERE k IN (…) LIMIT n`, values as parameters, one statement per column, at most
 * KEY_STATEMENTS), described tables first; it stops at the first column that finds rows.
 */
async function byKeys(source: Source, input: LookupInput, found: Found): Promise<void> {
  const candidates = keyCandidates(input.query);
  if (candidates.length === 0) return;
  const { reader } = source;
  // Tables the operators described first: they are the ones meant for robots.
  const tables = [...source.tables.filter(described), ...source.tables.filter((table) => !described(table))];
  let statements = 0;
  for (const table of tables) {
    for (const column of table.columns.filter((c) => c.key)) {
      const limit = input.limit - found.rows.length;
      const values = valuesFor(column, candidates);
      if (values.length === 0 || limit <= 0) continue;
      if (statements >= KEY_STATEMENTS) return;
      statements += 1;
      const marks = values.map((_, i) => reader.placeholder(i + 1)).join(', ');
      const sql = `SELECT * FROM ${reader.quote(table.name)} WHERE ${reader.quote(column.name)} IN (${marks}) LIMIT ${limit}`;
      const shown = `${sql} -- parameters: ${JSON.stringify(values)}`;
      const result = await logged(
        source,
        'key',
        () =>
          reader.select({ sql, params: values, origin: 'code' }, { timeoutMs: source.statementMs(), maxRows: limit }),
        shown,
      );
      for (const row of asRecords(result)) {
        if (found.rows.length >= input.limit) return;
        const sentence = rowSentence(table, column.name, row, input.locale);
        found.rows.push(row);
        found.sentences.push(sentence);
        found.citations.push({
          segmentId: `${source.databaseId}/${table.name}`,
          fileName: `${source.name} · ${tableWord(table)}`,
          datasetId: '',
          databaseId: source.databaseId,
          table: table.name,
          text: sentence,
        });
      }
      if (found.rows.length > 0) return;
    }
  }
}

/**
 * Text to SQL: the model writes one SELECT over the described tables (every table when none is described);
 * it runs only when the read-only check passes it (those tables only, rows capped). A refusal is logged with its code and thrown; a model that
 * says the tables cannot answer finds nothing (logged as NO_SQL).
 */
async function bySql(source: Source, input: LookupInput, ask: AskModel, left: number, found: Found): Promise<Usage> {
  const { reader } = source;
  // The described tables when there are some (those are meant for robots), else every table.
  const chosen = source.tables.filter(described);
  const tables = (chosen.length > 0 ? chosen : source.tables).slice(0, PROMPT_TABLES);
  if (tables.length === 0) return NO_USAGE;
  const reply = await ask(sqlInstructions(reader.dialect, tables, left), input.query, input.signal);
  const written = sqlFromReply(reply.text);
  if (written === undefined) {
    await source.log({ mode: 'sql', sql: reply.text.trim(), rows: 0, ms: 0, refused: 'NO_SQL' });
    return reply.usage;
  }
  const checked = checkReadOnlySql(written, {
    dialect: reader.dialect,
    tables: tables.map((table) => table.name),
    maxRows: left,
  });
  if (!checked.ok) {
    await source.log({ mode: 'sql', sql: written, rows: 0, ms: 0, refused: checked.refusal });
    throw new DatabaseLookupError(checked.refusal, `${checked.refusal}: ${checked.detail}`, true);
  }
  const result = await logged(
    source,
    'sql',
    () => reader.select({ sql: checked.sql, origin: 'model' }, { timeoutMs: source.statementMs(), maxRows: left }),
    checked.sql,
  );
  if (result.rows.length === 0) return reply.usage;
  const text = rowsTable(result.columns, result.rows);
  found.rows.push(...asRecords(result));
  found.sentences.push(text);
  found.citations.push({
    segmentId: `${source.databaseId}/sql`,
    fileName: source.name,
    datasetId: '',
    databaseId: source.databaseId,
    text,
  });
  return reply.usage;
}
