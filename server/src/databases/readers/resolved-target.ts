import type { DatabaseTarget } from '../../lib/database-connection';

/** An external database with the address its host resolved to when checked: the one every connection uses. */
export type ResolvedTarget = DatabaseTarget & { address: string };
