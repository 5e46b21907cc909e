import { CompiledQuery, type Compilable } from 'kysely';
import type { Database } from './database';

const MARK = '\u0000flotilla-param:';

/** A query whose SQL is built once; each call binds new values. */
export type PreparedQuery<P extends Record<string, unknown>, Row> = (params: P) => Promise<Row[]>;

/**
 * Builds a hot query once and reuses its SQL. Kysely spends ~120 µs building and compiling a query —
 * several times what SQLite needs to run an indexed lookup — and every authenticated request runs
 * some. `build` receives placeholders for `params`; use them only as whole values (operands,
 * `limit`, `offset`), never inside an expression or a string (that is refused when first built).
 * The SQL is compiled by this database's dialect, so the same code serves SQLite and PostgreSQL.
 */
export function prepare<P extends Record<string, unknown>, Row>(
  db: Database,
  build: (params: P) => Compilable<Row>,
): PreparedQuery<P, Row> {
  let compiled: CompiledQuery | undefined;
  let slots: Array<string | undefined> = [];
  return async (params) => {
    if (!compiled) {
      const handedOut = new Map<string, string>();
      const placeholders = new Proxy(
        {},
        {
          get: (_target, key) => {
            const placeholder = `${MARK}${String(key)}`;
            handedOut.set(placeholder, String(key));
            return placeholder;
          },
        },
      ) as P;
      compiled = build(placeholders).compile();
      slots = compiled.parameters.map((value) => (typeof value === 'string' ? handedOut.get(value) : undefined));
      const leaked = compiled.parameters.some(
        (value, i) => slots[i] === undefined && typeof value === 'string' && value.includes(MARK),
      );
      if (leaked) throw new Error(`prepare(): a placeholder was used inside an expression in: ${compiled.sql}`);
    }
    const parameters = compiled.parameters.map((value, i) =>
      slots[i] === undefined ? value : params[slots[i] as string],
    );
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}

/** {@link prepare} for a query whose shape depends on a few switches (which filters are present). */
export function prepareVariants<V extends Record<string, boolean>, P extends Record<string, unknown>, Row>(
  db: Database,
  build: (variant: V, params: P) => Compilable<Row>,
): (variant: V, params: P) => Promise<Row[]> {
  const queries = new Map<string, PreparedQuery<P, Row>>();
  return (variant, params) => {
    const key = JSON.stringify(variant);
    let query = queries.get(key);
    if (!query) {
      query = prepare(db, (placeholders: P) => build(variant, placeholders));
      queries.set(key, query);
    }
    return query(params);
  };
}
