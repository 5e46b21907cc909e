/**
 * The columns an update may write, taken from a validated request by name: only the keys listed, and only
 * those the caller gave. A repository passes this to `.set()`, never the request object itself, so a field
 * a schema does not declare (a tenant id, an owner flag) cannot reach SQL even if validation let it through.
 */
export function patchOf<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const patch: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (source[key] !== undefined) patch[key] = source[key];
  }
  return patch;
}

/** True when a patch changes nothing: the update is skipped (an empty SET is a syntax error). */
export function isEmptyPatch(patch: object): boolean {
  return Object.keys(patch).length === 0;
}
