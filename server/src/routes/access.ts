import type { RouteRoles } from '@flotilla/shared/contracts';
import type { RouteAuth } from '../plugins/app/api-conventions';

/** Values for a route's `config.auth` (docs/product-rules.md, Who may call what). */
export const PUBLIC: RouteAuth = 'public';
export const ANY_USER: RouteRoles = ['*'];
export const STAFF: RouteRoles = ['admin', 'operator', 'agent'];
export const OPERATORS: RouteRoles = ['admin', 'operator'];
export const ADMINS: RouteRoles = ['admin'];
/** Reviewers of answers (`checked`): agents and admins. */
export const REVIEWERS: RouteRoles = ['admin', 'agent'];
