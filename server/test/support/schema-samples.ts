/**
 * Request values made from the JSON schemas of the OpenAPI document, for tests that exercise every route:
 * a plausible valid value (the first choice of a union, the minimum of a range, a string that satisfies
 * the pattern), where named ids come from the caller's fixtures so a request reaches the repository.
 */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  minProperties?: number;
  pattern?: string;
  format?: string;
};

/** Values for fields named after the fixtures they refer to (`processId`, `datasetIds` …). */
export type NamedValues = (name: string) => unknown;

let counter = 0;

const stringCandidates = () => {
  counter += 1;
  return [
    `fuzz${counter}`,
    'Fuzz ok',
    '13800000000',
    '#165DFF',
    'fuzz@example.com',
    '0f0e0d0c-0b0a-4900-8800-000000000001',
    'https://example.com/a',
    '[]',
  ];
};

function sampleString(schema: JsonSchema): string {
  if (schema.format === 'date-time') return new Date(Date.UTC(2030, 0, 1)).toISOString();
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 100;
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  for (const candidate of stringCandidates()) {
    const sized = candidate.length < min ? candidate.padEnd(min, 'a') : candidate.slice(0, max);
    if (sized.length >= min && (!pattern || pattern.test(sized))) return sized;
  }
  return 'a'.repeat(Math.max(min, 1));
}

function sampleNumber(schema: JsonSchema): number {
  const min = schema.minimum ?? 0;
  const max = schema.maximum ?? min + 10;
  return Math.min(Math.max(1, min), max);
}

/** A value that satisfies `schema`, as far as a sample can. */
export function sample(schema: JsonSchema, named: NamedValues, name = ''): unknown {
  const fixture = name ? named(name) : undefined;
  if (fixture !== undefined) return fixture;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((v) => v.type !== 'null') ?? variants[0]!, named, name);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, named)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return sampleObject(schema, named);
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => sample(schema.items ?? {}, named));
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** The required fields, plus optional ones until `minProperties` is met (optional pairs can exclude each other). */
function sampleObject(schema: JsonSchema, named: NamedValues): Record<string, unknown> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const names = Object.keys(properties).filter((key) => required.has(key));
  for (const key of Object.keys(properties)) {
    if (names.length >= (schema.minProperties ?? 0)) break;
    if (!required.has(key)) names.push(key);
  }
  return Object.fromEntries(names.map((key) => [key, sample(properties[key]!, named, key)]));
}

/** The paths (`['a']`, `['a', 'b']`) of the numbers a schema declares, to send out-of-range values there. */
export function numberPaths(schema: JsonSchema, prefix: string[] = []): string[][] {
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.includes('integer') || type.includes('number')) return [prefix];
  if (!schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, child]) => numberPaths(child, [...prefix, key]));
}

/** A value of another type than `schema` takes: what a careless client sends. */
export function wrongType(schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return { nested: ['not', 'a', 'string'] };
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return [1, 2];
    case 'array':
      return 'not an array';
    default:
      return 7;
  }
}

/** `value` with `path` set to `leaf` (a copy). */
export function withValueAt(value: Record<string, unknown>, path: string[], leaf: unknown): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const child = (value[head] ?? {}) as Record<string, unknown>;
  return { ...value, [head]: rest.length === 0 ? leaf : withValueAt(child, rest, leaf) };
}
