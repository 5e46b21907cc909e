import type { DatabaseKind } from '@flotilla/shared';

const KIND_LABELS = {
  builtin: 'datasets.database.kind.builtin',
  postgres: 'datasets.database.kind.postgres',
  mysql: 'datasets.database.kind.mysql',
} as const satisfies Record<DatabaseKind, string>;

/** The message id naming a kind of database. */
export function kindLabelId(kind: DatabaseKind): string {
  return KIND_LABELS[kind];
}
