import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL (PostgreSQL's LIKE is
 * case-sensitive, SQLite's is not), with the keyword's own % and _ taken literally.
 */
export function containsText(column: string, keyword: string): Expression<SqlBool> {
  return matchesPattern(column, containsPattern(keyword));
}

/** The LIKE pattern of {@link containsText}: lower-cased, with % _ and \\ escaped. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column` matches a pattern made by {@link containsPattern} (a prepared query binds the pattern). */
export function matchesPattern(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

export function paged<T>(list: T[], total: number | string | bigint): { list: T[]; total: number } {
  return { list, total: Number(total) };
}
