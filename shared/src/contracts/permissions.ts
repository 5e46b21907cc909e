import type { Role } from './common';

/**
 * Who may do what: the role groups that every route's `config.auth` on the server, every route's
 * meta and every `<Permission>` in the console are written with (docs/product-rules.md, Who may call what).
 * `'*'` is any logged-in user.
 */
export const ANY_USER = ['*'] as const satisfies ReadonlyArray<Role | '*'>;
/** Everyone who works in a tenant. */
export const STAFF = ['admin', 'operator', 'agent'] as const satisfies readonly Role[];
/** Those who build robots and knowledge: create, change, delete, share. */
export const OPERATORS = ['admin', 'operator'] as const satisfies readonly Role[];
/** Those who manage the tenant's people and money. */
export const ADMINS = ['admin'] as const satisfies readonly Role[];
/** Those who review answers (mark them checked). */
export const REVIEWERS = ['admin', 'agent'] as const satisfies readonly Role[];
