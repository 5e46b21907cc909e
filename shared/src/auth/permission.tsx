import type { ReactNode } from 'react';
import { useUnit } from 'effector-react';
import type { Role, RouteMeta } from '../contracts';
import { roleAllowed } from '../contracts';
import { $role } from './auth.model';

/**
 * The permission rule: `roles` must be an array (anything else throws, so a mistake shows at once),
 * and the element is kept only when the user's role is in it (docs/product-rules.md, Guards).
 */
export function hasPermission(roles: unknown, role: Role | null): boolean {
  if (!Array.isArray(roles)) {
    throw new Error(`Permission needs an array of roles, like roles={['admin', 'operator']}; got ${String(roles)}`);
  }
  return role !== null && roles.includes(role);
}

/** True when the logged-in user's role is in `roles` (throws when `roles` is not an array). */
export function usePermission(roles: readonly Role[]): boolean {
  const role = useUnit($role);
  return hasPermission(roles, role);
}

/** Renders its children only for the given roles; renders nothing otherwise. Comfort only: the server checks too. */
export function Permission({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  return usePermission(roles) ? <>{children}</> : null;
}

/** The route check: open when `requiresAuth` is false, else the roles must contain `*` or the user's role. */
export function routeAllowed(meta: Pick<RouteMeta, 'requiresAuth' | 'roles'>, role: Role | null): boolean {
  return !meta.requiresAuth || roleAllowed(meta.roles, role ?? undefined);
}
