import type { RouteAuth } from '../plugins/app/api-conventions';

/** Values for a route's `config.auth`: `PUBLIC`, or one of the role groups of the contracts (docs/product-rules.md, Who may call what). */
export const PUBLIC: RouteAuth = 'public';
export { ADMINS, ANY_USER, OPERATORS, REVIEWERS, STAFF } from '@flotilla/shared/contracts';
