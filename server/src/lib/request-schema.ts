/**
 * What every request schema (body, query, params) must hold, checked once as each route is declared, so a
 * route cannot be added that lets unbounded or undeclared input through:
 * - every number and integer has a minimum and a maximum (which also refuses Infinity: the validator
 *   coerces the string "Infinity" to a number, and only a bound stops it), every string a maxLength
 *   (or a fixed set of values), every array a maxItems;
 * - every object is closed: fields it does not declare are dropped by the validator before the handler
 *   sees the request (`removeAdditional`), unless the schema says `additionalProperties` itself.
 */

type JsonSchema = Record<string, unknown>;

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sub-schemas of a schema, with the path segment that leads to each (for error messages). */
function* children(schema: JsonSchema): Generator<[string, unknown]> {
  if (isObject(schema.properties)) for (const [key, value] of Object.entries(schema.properties)) yield [key, value];
  if (isObject(schema.patternProperties))
    for (const [key, value] of Object.entries(schema.patternProperties)) yield [key, value];
  if (isObject(schema.additionalProperties)) yield ['*', schema.additionalProperties];
  if (isObject(schema.items)) yield ['[]', schema.items];
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[keyword];
    if (Array.isArray(list)) for (const [i, value] of list.entries()) yield [`${keyword}[${i}]`, value];
  }
  if (isObject(schema.not)) yield ['not', schema.not];
}

/** The places in a request schema where input is not bounded; empty when the schema holds the rules. */
export function unboundedParts(schema: unknown, path = ''): string[] {
  if (!isObject(schema)) return [];
  const found: string[] = [];
  const fixed = 'const' in schema || Array.isArray(schema.enum);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const where = path || '(root)';
  if (!fixed) {
    if (
      (types.includes('number') || types.includes('integer')) &&
      (schema.minimum === undefined || schema.maximum === undefined)
    ) {
      found.push(`${where}: a number needs minimum and maximum`);
    }
    if (types.includes('string') && schema.maxLength === undefined) found.push(`${where}: a string needs maxLength`);
    if (types.includes('array') && schema.maxItems === undefined) found.push(`${where}: an array needs maxItems`);
  }
  for (const [key, child] of children(schema)) found.push(...unboundedParts(child, path ? `${path}.${key}` : key));
  return found;
}

/**
 * A copy of a request schema whose objects drop undeclared fields: `additionalProperties: false` wherever
 * an object lists its properties and says nothing itself. A copy, because contracts share schema objects
 * with response schemas and the OpenAPI document.
 */
export function closedSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => closedSchema(item)) as T;
  if (!isObject(schema)) return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closedSchema(value);
  // Symbol keys (TypeBox's Kind) travel with the copy so the type provider still recognises the schema.
  for (const symbol of Object.getOwnPropertySymbols(schema))
    (copy as Record<symbol, unknown>)[symbol] = (schema as Record<symbol, unknown>)[symbol];
  if (copy.type === 'object' && isObject(copy.properties) && copy.additionalProperties === undefined)
    copy.additionalProperties = false;
  return copy as T;
}
