/** Longest string a trace keeps of an input or output, and how deep and wide it looks into objects. */
const TRACE_LIMITS = { chars: 1000, items: 20, depth: 4 } as const;

/** A copy of a value small enough for a trace: long strings cut (…), long arrays and deep objects shortened. */
export function traceValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > TRACE_LIMITS.chars ? `${value.slice(0, TRACE_LIMITS.chars)}…` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= TRACE_LIMITS.depth) return Array.isArray(value) ? `[${value.length} items]` : '{…}';
  if (Array.isArray(value)) return value.slice(0, TRACE_LIMITS.items).map((item) => traceValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, TRACE_LIMITS.items)
      .map(([key, inner]) => [key, traceValue(inner, depth + 1)]),
  );
}
