/** The SQL dialects a robot's database query may be written in. */
export const SQL_DIALECTS = ['sqlite', 'postgres', 'mysql'] as const;
export type SqlDialect = (typeof SQL_DIALECTS)[number];

// An allow list, not a deny list: a database has hundreds of functions and new ones arrive with every
// version and extension; any of them may sleep, read files, open connections or write. Only plain
// computations on the rows are listed. Names are lower case; the parser's spelling is lowered before lookup.

/** Aggregates, conditionals, string, math and date functions every dialect has. */
const COMMON = [
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'coalesce',
  'nullif',
  'cast',
  'exists',
  'lower',
  'upper',
  'trim',
  'ltrim',
  'rtrim',
  'length',
  'substr',
  'substring',
  'replace',
  'concat',
  'round',
  'abs',
  'floor',
  'ceil',
  'ceiling',
  'sign',
  'mod',
  'power',
  'sqrt',
  'greatest',
  'least',
  'current_date',
  'current_time',
  'current_timestamp',
  'row_number',
  'rank',
  'dense_rank',
  'lag',
  'lead',
  'first_value',
  'last_value',
] as const;

const BY_DIALECT: Record<SqlDialect, readonly string[]> = {
  sqlite: [
    'date',
    'time',
    'datetime',
    'julianday',
    'strftime',
    'unixepoch',
    'ifnull',
    'iif',
    'instr',
    'printf',
    'format',
    'typeof',
    'total',
    'group_concat',
  ],
  postgres: [
    'now',
    'date_trunc',
    'date_part',
    'extract',
    'age',
    'to_char',
    'to_date',
    'to_timestamp',
    'localtime',
    'localtimestamp',
    'char_length',
    'character_length',
    'position',
    'strpos',
    'split_part',
    'left',
    'right',
    'lpad',
    'rpad',
    'initcap',
    'concat_ws',
    'string_agg',
    'array_agg',
    'bool_and',
    'bool_or',
    'trunc',
  ],
  mysql: [
    'now',
    'curdate',
    'curtime',
    'date',
    'year',
    'month',
    'day',
    'dayofmonth',
    'dayofweek',
    'hour',
    'minute',
    'week',
    'quarter',
    'date_format',
    'date_add',
    'date_sub',
    'datediff',
    'timestampdiff',
    'str_to_date',
    'extract',
    'ifnull',
    'if',
    'char_length',
    'locate',
    'left',
    'right',
    'lpad',
    'rpad',
    'concat_ws',
    'group_concat',
    'truncate',
  ],
};

/** Per dialect, the functions a read-only query may call. */
export const ALLOWED_FUNCTIONS: Record<SqlDialect, ReadonlySet<string>> = {
  sqlite: new Set([...COMMON, ...BY_DIALECT.sqlite]),
  postgres: new Set([...COMMON, ...BY_DIALECT.postgres]),
  mysql: new Set([...COMMON, ...BY_DIALECT.mysql]),
};

/**
 * Schemas and tables that describe the server rather than the operator's data: refused even when a caller
 * lists them among the allowed tables. Names are lower case.
 */
export const SYSTEM_SCHEMAS: ReadonlySet<string> = new Set([
  'information_schema',
  'pg_catalog',
  'pg_toast',
  'mysql',
  'performance_schema',
  'sys',
  'sqlite_temp',
  'temp',
]);

/** Tables refused by name alone, wherever they appear. */
export function isSystemTable(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('pg_') || lower.startsWith('sqlite_');
}

/** The one qualifier allowed in front of an allowed table, per dialect (`main.orders`, `public.orders`). */
export const DEFAULT_SCHEMA: Record<SqlDialect, string | null> = {
  sqlite: 'main',
  postgres: 'public',
  mysql: null,
};
