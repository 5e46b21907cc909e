import { sql, type RawBuilder } from 'kysely';

/**
 * The one rule every reader of segments applies: a segment is visible when its generation is its file's
 * (hand-entered QA pairs, of no file, are always at 0). A parse job writes a file's new segments in a new
 * generation over many short transactions and makes them visible at once by moving the file's generation
 * (dataset-files-repository.ts); rows of other generations are staged or waiting to be deleted.
 */
export function visibleSegmentSql(segments: string): string {
  return `${segments}.generation = coalesce((select visible_file.generation from dataset_files visible_file where visible_file.id = ${segments}.file_id), 0)`;
}

/** {@link visibleSegmentSql} for Kysely-built queries over `segments` (or its alias). */
export function visibleSegment(segments = 'segments'): RawBuilder<boolean> {
  return sql<boolean>`${sql.raw(visibleSegmentSql(segments))}`;
}
