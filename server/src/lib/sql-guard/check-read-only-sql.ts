import nodeSqlParser from 'node-sql-parser';
import { ALLOWED_FUNCTIONS, DEFAULT_SCHEMA, isSystemTable, SYSTEM_SCHEMAS, type SqlDialect } from './allowed-functions';

/** Why a query was refused; stable, for logs, the engine and the answers that explain a refusal. */
export const SQL_REFUSALS = [
  /** Longer than `SQL_GUARD_LIMITS.maxLength`; refused before parsing. */
  'SQL_TOO_LONG',
  /** The parser could not read it in the dialect (or read it in a way known to differ from the database). */
  'SQL_PARSE_FAILED',
  /** No statement, or more than one. */
  'NOT_ONE_STATEMENT',
  /** Anything but a SELECT (with UNION and WITH): writes, DDL, grants, settings, calls, copies… */
  'NOT_SELECT',
  /** FOR UPDATE, FOR SHARE, LOCK IN SHARE MODE, NOWAIT… */
  'LOCKING_CLAUSE',
  /** SELECT … INTO a table, a file or variables. */
  'INTO_CLAUSE',
  /** A table not among the allowed ones, or qualified by another schema or database. */
  'TABLE_NOT_ALLOWED',
  /** A catalog of the server: information_schema, pg_catalog, mysql, sqlite_master… */
  'SYSTEM_CATALOG',
  /** A function outside the allow list of the dialect. */
  'FUNCTION_NOT_ALLOWED',
] as const;
export type SqlRefusal = (typeof SQL_REFUSALS)[number];

export const SQL_GUARD_LIMITS = {
  /** Characters of SQL read at most. */
  maxLength: 10_000,
  /** The highest row cap a caller may ask for. */
  maxRows: 100_000,
} as const;

export interface ReadOnlySqlOptions {
  dialect: SqlDialect;
  /** The tables the query may read, compared case-insensitively. */
  tables: readonly string[];
  /** The most rows the statement returned may produce (1 … `SQL_GUARD_LIMITS.maxRows`). */
  maxRows: number;
}

export type ReadOnlySqlResult =
  | { ok: true; sql: string }
  /** `detail` names the statement type, table or function, for logs and operators, never for visitors. */
  | { ok: false; refusal: SqlRefusal; detail: string };

type Node = Record<string, unknown>;
type Ast = Node | Node[];

const PARSER_DATABASE: Record<SqlDialect, string> = { sqlite: 'Sqlite', postgres: 'PostgresQL', mysql: 'MySQL' };

// Statement node types that are not a SELECT, wherever they appear (a data-modifying CTE, a nested call).
// Compared as the parser spells them, lower case: ORDER BY's `{ type: 'DESC' }` is no statement.
const STATEMENT_TYPES = new Set([
  'insert',
  'replace',
  'update',
  'delete',
  'merge',
  'create',
  'drop',
  'alter',
  'truncate',
  'rename',
  'grant',
  'revoke',
  'set',
  'call',
  'use',
  'lock',
  'unlock',
  'explain',
  'exec',
  'execute',
  'transaction',
  'load_data',
  'attach',
  'detach',
  'pragma',
  'vacuum',
  'analyze',
  'reindex',
  'copy',
  'declare',
  'comment',
  'do',
  'prepare',
  'deallocate',
  'listen',
  'notify',
  'refresh',
  'reset',
  'discard',
  'cluster',
  'checkpoint',
]);

const FUNCTION_TYPES = new Set(['function', 'aggr_func', 'window_func']);

const parser = new nodeSqlParser.Parser();

class Refused extends Error {
  constructor(
    readonly refusal: SqlRefusal,
    readonly detail: string,
  ) {
    super(`${refusal}: ${detail}`);
  }
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a name node: a plain string, or `{ value }` (`{ type: 'double_quote_string', value }`…). */
function nameText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isNode(value) && typeof value.value === 'string') return value.value;
  return null;
}

function parse(sql: string, dialect: SqlDialect): { statements: Node[]; tableList: string[] } {
  let result: { ast: Ast; tableList: string[] };
  try {
    result = parser.parse(sql, { database: PARSER_DATABASE[dialect] }) as unknown as typeof result;
  } catch (error) {
    // A syntax error, or a stack overflow on absurd nesting: either way the text is not read.
    const message = error instanceof Error ? error.message : String(error);
    throw new Refused('SQL_PARSE_FAILED', message.split('\n')[0]!.slice(0, 300));
  }
  const statements = (Array.isArray(result.ast) ? result.ast : [result.ast]).filter(isNode);
  if (statements.length !== 1) throw new Refused('NOT_ONE_STATEMENT', `${statements.length} statements`);
  return { statements, tableList: result.tableList ?? [] };
}

function functionName(node: Node): string {
  const name = node.name;
  if (typeof name === 'string') return name;
  if (isNode(name)) {
    const parts = Array.isArray(name.name) ? name.name.map(nameText) : [nameText(name)];
    const schema = nameText(name.schema);
    return [schema, ...parts].filter((part) => part !== null).join('.');
  }
  return '?';
}

function checkTable(node: Node, options: ReadOnlySqlOptions, ctes: ReadonlySet<string>, allowed: ReadonlySet<string>) {
  const table = nameText(node.table);
  if (table === null) return;
  const qualifiers = [nameText(node.db), nameText(node.schema)].filter((part): part is string => !!part);
  const full = [...qualifiers, table].join('.');
  if (isSystemTable(table) || qualifiers.some((part) => SYSTEM_SCHEMAS.has(part.toLowerCase()))) {
    throw new Refused('SYSTEM_CATALOG', full);
  }
  const lower = table.toLowerCase();
  if (qualifiers.length === 0 && ctes.has(lower)) return;
  const defaultSchema = DEFAULT_SCHEMA[options.dialect];
  const qualifiedOk =
    qualifiers.length === 0 || (qualifiers.length === 1 && qualifiers[0]!.toLowerCase() === defaultSchema);
  if (!qualifiedOk || !allowed.has(lower)) throw new Refused('TABLE_NOT_ALLOWED', full);
  // node-sql-parser reads `a NATURAL JOIN b` as `a AS natural, b`: a cross join, not what the database runs.
  if (nameText(node.as)?.toLowerCase() === 'natural') throw new Refused('SQL_PARSE_FAILED', 'NATURAL JOIN');
}

/**
 * Walks every object and array of the statement (iteratively: the parser's depth is not ours to recurse
 * into), refusing at the first node that is not read-only or not allowed. CTE names count as tables only
 * inside the statement that declares them, and only after their declaration (or inside it, when RECURSIVE).
 */
function inspect(statement: Node, tableList: readonly string[], options: ReadOnlySqlOptions) {
  const type = String(statement.type ?? '').toLowerCase();
  if (type !== 'select') throw new Refused('NOT_SELECT', type || 'unknown statement');
  for (const entry of tableList) {
    const action = entry.split('::')[0]!.toLowerCase();
    if (action !== 'select') throw new Refused('NOT_SELECT', entry);
  }
  const allowed = new Set(options.tables.map((table) => table.toLowerCase()));
  const functions = ALLOWED_FUNCTIONS[options.dialect];
  const stack: Array<{ value: unknown; ctes: ReadonlySet<string> }> = [{ value: statement, ctes: new Set() }];
  while (stack.length > 0) {
    const { value, ctes } = stack.pop()!;
    if (Array.isArray(value)) {
      for (const item of value) stack.push({ value: item, ctes });
      continue;
    }
    if (!isNode(value)) continue;
    const nodeType = typeof value.type === 'string' ? value.type : '';
    if (STATEMENT_TYPES.has(nodeType)) throw new Refused('NOT_SELECT', nodeType);
    if (value.locking_read || value.for_update || value.lock) {
      throw new Refused('LOCKING_CLAUSE', String(nameText(value.locking_read ?? value.for_update) ?? 'locking'));
    }
    if (isNode(value.into) && (value.into.type === 'into' || value.into.expr != null || value.into.keyword != null)) {
      throw new Refused('INTO_CLAUSE', String(nameText(value.into.keyword) ?? 'into'));
    }
    // Server variables (`@@datadir`, `@@version`) and PostgreSQL's catalog lookups (`'x'::regclass`) describe
    // the server, not the rows.
    if (nodeType === 'var') throw new Refused('SYSTEM_CATALOG', `${String(value.prefix ?? '')}${String(value.name)}`);
    if (nodeType === 'cast' && Array.isArray(value.target)) {
      for (const target of value.target.filter(isNode)) {
        const dataType = String(target.dataType ?? '').toLowerCase();
        if (dataType.startsWith('reg')) throw new Refused('SYSTEM_CATALOG', `::${dataType}`);
      }
    }
    if (FUNCTION_TYPES.has(nodeType)) {
      const name = functionName(value);
      if (!functions.has(name.toLowerCase())) throw new Refused('FUNCTION_NOT_ALLOWED', name);
    }
    if (nodeType !== 'column_ref' && 'table' in value && ('db' in value || 'as' in value)) {
      checkTable(value, options, ctes, allowed);
    }
    let inner = ctes;
    if (Array.isArray(value.with)) {
      const declared = value.with.filter(isNode);
      const names = declared.map((cte) => (nameText(cte.name) ?? '').toLowerCase());
      const recursive = declared.some((cte) => cte.recursive === true);
      declared.forEach((cte, index) => {
        const visible = new Set([...ctes, ...names.slice(0, recursive ? index + 1 : index)]);
        stack.push({ value: cte, ctes: visible });
      });
      inner = new Set([...ctes, ...names]);
    }
    for (const [key, child] of Object.entries(value)) {
      if (key !== 'with' && typeof child === 'object' && child !== null) stack.push({ value: child, ctes: inner });
    }
  }
}

/** The last SELECT of a UNION chain holds the compound's ORDER BY and LIMIT. */
function lastOfChain(statement: Node): Node {
  let node = statement;
  while (isNode(node._next)) node = node._next;
  return node;
}

/** Adds a LIMIT of `maxRows`, or lowers the one there (a negative, ALL or non-literal count is replaced). */
function capRows(statement: Node, maxRows: number): void {
  const node = lastOfChain(statement);
  const limit = isNode(node.limit) ? node.limit : null;
  const values = limit && Array.isArray(limit.value) ? (limit.value as Node[]) : [];
  if (!limit || values.length === 0) {
    node.limit = { seperator: '', value: [{ type: 'number', value: maxRows }] };
    return;
  }
  // `LIMIT offset, count` keeps the count second; `LIMIT count OFFSET offset` keeps it first.
  const countAt = limit.seperator === ',' ? 1 : 0;
  const count = values[countAt];
  const current = isNode(count) && count.type === 'number' ? Number(count.value) : NaN;
  if (!(Number.isInteger(current) && current >= 0 && current <= maxRows)) {
    values[countAt] = { type: 'number', value: maxRows };
  }
}

/**
 * PostgreSQL: the parser drops whether a table or alias name was quoted and `sqlify` quotes them all, which
 * changes what `Orders` or `AS Total` mean there. So the checked text itself runs, inside a subquery capped by
 * an outer LIMIT. The text is cut before a trailing `;` only where the cut still parses to the same statement.
 */
function wrapForPostgres(sql: string, checked: Node, maxRows: number): string {
  const expected = JSON.stringify(checked);
  const cuts = [sql.length];
  for (let at = sql.lastIndexOf(';'); at >= 0 && cuts.length < 4; at = sql.lastIndexOf(';', at - 1)) cuts.push(at);
  for (const cut of cuts) {
    const body = sql.slice(0, cut);
    let ast: unknown;
    try {
      ast = parser.astify(body, { database: PARSER_DATABASE.postgres });
    } catch {
      continue;
    }
    if (!Array.isArray(ast) && JSON.stringify(ast) === expected) {
      // The newlines end a trailing `--` comment before the closing parenthesis.
      return `SELECT * FROM (\n${body}\n) AS flotilla_capped LIMIT ${maxRows}`;
    }
  }
  throw new Refused('SQL_PARSE_FAILED', 'the statement could not be separated from its trailing text');
}

function render(sql: string, statement: Node, options: ReadOnlySqlOptions): string {
  if (options.dialect === 'postgres') return wrapForPostgres(sql, statement, options.maxRows);
  const capped = structuredClone(statement);
  capRows(capped, options.maxRows);
  try {
    return parser.sqlify(capped as never, { database: PARSER_DATABASE[options.dialect] });
  } catch (error) {
    throw new Refused('SQL_PARSE_FAILED', `not rewritten: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function check(sql: string, options: ReadOnlySqlOptions): string {
  if (sql.length > SQL_GUARD_LIMITS.maxLength) {
    throw new Refused('SQL_TOO_LONG', `${sql.length} characters, at most ${SQL_GUARD_LIMITS.maxLength}`);
  }
  const { statements, tableList } = parse(sql, options.dialect);
  const statement = statements[0]!;
  inspect(statement, tableList, options);
  const output = render(sql, statement, options);
  // What runs is checked again as it will run; a rewrite that no longer passes is refused, never run.
  const again = parse(output, options.dialect);
  inspect(again.statements[0]!, again.tableList, options);
  return output;
}

/**
 * Checks that `sql` is one read-only SELECT (UNION and WITH allowed) over the allowed tables, calling only
 * allowed functions, and returns the statement to run with its rows capped at `maxRows`. Layer one of
 * read-only by construction: the connection's read-only transaction and the statement timeout come after.
 * docs/security.md (Databases: read-only SQL) says what is refused and why.
 */
export function checkReadOnlySql(sql: string, options: ReadOnlySqlOptions): ReadOnlySqlResult {
  if (!Number.isInteger(options.maxRows) || options.maxRows < 1 || options.maxRows > SQL_GUARD_LIMITS.maxRows) {
    throw new RangeError(`maxRows must be an integer from 1 to ${SQL_GUARD_LIMITS.maxRows}`);
  }
  try {
    return { ok: true, sql: check(sql, options) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal, detail: error.detail };
    throw error;
  }
}
