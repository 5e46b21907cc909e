/**
 * `{{…}}` variables in a node's texts: `{{start.question}}`, `{{<nodeId>.<output>}}` (deeper with more dots,
 * e.g. `{{http1.json.order.status}}`) and `{{session.<name>}}`. The scope is an object of those roots.
 */
const VARIABLE = /\{\{\s*([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\s*\}\}/g;

/** The roots a template may name besides node ids. */
export const TEMPLATE_ROOTS = ['start', 'session'] as const;

/** Every variable path a text names, as written (`start.question`). */
export function templateVariables(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((match) => match[1] as string);
}

/** The value at a dotted path of the scope, or undefined. */
export function lookupVariable(scope: Readonly<Record<string, unknown>>, path: string): unknown {
  let value: unknown = scope;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A value as text: strings as they are, missing as nothing, objects as JSON. */
export function variableText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The text with its variables filled in. `encode` escapes each inserted value for where the text goes
 * (a URL component, a JSON string), so a visitor's question cannot change the shape of a URL or a body.
 */
export function renderTemplate(
  text: string,
  scope: Readonly<Record<string, unknown>>,
  encode: (value: string) => string = (value) => value,
): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (_, path: string) => encode(variableText(lookupVariable(scope, path))));
}

/** Escapes a value to sit inside a JSON string literal (without the quotes). */
export function jsonStringContent(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}
