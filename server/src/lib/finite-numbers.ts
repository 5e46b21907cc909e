/**
 * Where a validated request holds a number that is not finite, or undefined when it holds none.
 * The validator coerces the strings "Infinity" and "1e999" to numbers and then skips its range checks for
 * them (they are not finite), so bounds alone do not keep Infinity out: this walk does.
 */
export function nonFiniteAt(value: unknown, path: Array<string | number> = []): Array<string | number> | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nonFiniteAt(item, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = nonFiniteAt(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
