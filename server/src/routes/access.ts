import type { RouteAuth } from '../plugins/app/api-conventions';

/** Values for a route's `config.auth` (DESIGN.md §5 roles). */
export const PUBLIC: RouteAuth = 'public';
export const ANY_USER: RouteAuth = ['*'];
export const STAFF: RouteAuth = ['admin', 'operator', 'agent'];
export const OPERATORS: RouteAuth = ['admin', 'operator'];
export const ADMINS: RouteAuth = ['admin'];
