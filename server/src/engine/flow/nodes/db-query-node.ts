import type { Citation } from '@flotilla/shared/contracts';
import type { WorkingNode } from '../node-types';
import { addUsage, queryOf } from './knowledge-nodes';

const DEFAULT_ROWS = 5;
/** A dbQuery node's time limit unless it sets its own: a model's SQL and its statements. */
export const DB_QUERY_TIMEOUT_MS = 20_000;

/**
 * Reads the listed databases for the node's query (the question by default). The rows found are cited like
 * passages, so a later aiChat answers from them; `text`, `count` and `json` give them to later nodes. A
 * failure throws its DatabaseLookupError, whose code the node's failure branch sees.
 */
export const dbQueryNode: WorkingNode<'dbQuery'> = async function* (node, scope, run, signal) {
  const query = queryOf(node.data.query, scope, run.question);
  const limit = node.data.limit ?? DEFAULT_ROWS;
  const { databaseIds, model } = node.data;
  const timeoutMs = node.data.timeoutMs ?? DB_QUERY_TIMEOUT_MS;
  const found = await run.services.lookUpDatabases(
    { databaseIds, query, limit, ...(model ? { model } : {}), timeoutMs },
    signal,
  );
  addUsage(run, found.usage);
  const numbered: Citation[] = found.citations.map((c, i) => ({ ...c, index: run.citations.length + i + 1 }));
  run.citations.push(...numbered);
  return {
    input: { query, databaseIds, limit, model: model ?? 'robot' },
    output: { text: found.text, count: found.rows.length, json: found.rows },
  };
};
