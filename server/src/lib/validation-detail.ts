import type { Locale, ValidationError } from '@flotilla/shared/contracts';

type Detail = ValidationError['detail'][number];

/** The part of an Ajv error this module reads (Fastify's `error.validation` items). */
export type SchemaError = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** Fastify's validation contexts → FastAPI's `loc` roots. */
const LOC_ROOT: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' };

/** Ajv keywords → FastAPI (pydantic v2) error types the client may know. */
const TYPES: Record<string, string> = {
  required: 'missing',
  type: 'type_error',
  minLength: 'string_too_short',
  maxLength: 'string_too_long',
  pattern: 'string_pattern_mismatch',
  minimum: 'greater_than_equal',
  maximum: 'less_than_equal',
  exclusiveMinimum: 'greater_than',
  exclusiveMaximum: 'less_than',
  const: 'literal_error',
  enum: 'literal_error',
  format: 'value_error',
  additionalProperties: 'extra_forbidden',
  minItems: 'too_short',
  maxItems: 'too_long',
  // Ours (see finite-numbers.ts): a number that is not finite, named as pydantic names it.
  finite: 'finite_number',
};

const ZH: Record<string, (p: Record<string, unknown>) => string> = {
  missing: () => '必填字段',
  type_error: (p) => `类型应为 ${String(p.type)}`,
  string_too_short: (p) => `长度不能少于 ${String(p.limit)}`,
  string_too_long: (p) => `长度不能超过 ${String(p.limit)}`,
  string_pattern_mismatch: () => '格式不正确',
  greater_than_equal: (p) => `不能小于 ${String(p.limit)}`,
  less_than_equal: (p) => `不能大于 ${String(p.limit)}`,
  literal_error: (p) => `取值应为 ${String(p.allowed)} 之一`,
  value_error: () => '取值无效',
  extra_forbidden: () => '不允许的字段',
  json_invalid: () => 'JSON 格式错误',
  finite_number: () => '必须是有限的数字',
};

const EN: Record<string, (p: Record<string, unknown>) => string> = {
  missing: () => 'Field required',
  type_error: (p) => `Must be ${String(p.type)}`,
  string_too_short: (p) => `Must have at least ${String(p.limit)} characters`,
  string_too_long: (p) => `Must have at most ${String(p.limit)} characters`,
  string_pattern_mismatch: () => 'Has the wrong format',
  greater_than_equal: (p) => `Must be at least ${String(p.limit)}`,
  less_than_equal: (p) => `Must be at most ${String(p.limit)}`,
  literal_error: (p) => `Must be one of ${String(p.allowed)}`,
  value_error: () => 'Invalid value',
  extra_forbidden: () => 'Extra field not allowed',
  json_invalid: () => 'Invalid JSON',
  finite_number: () => 'Must be a finite number',
};

function text(type: string, params: Record<string, unknown>, locale: Locale, fallback: string): string {
  const table = locale === 'zh-CN' ? ZH : EN;
  return table[type]?.(params) ?? fallback;
}

/** The instance path as FastAPI's `loc` tail: array indices as integers (`["suggestedQuestions", 0]`). */
function pathOf(error: SchemaError): Array<string | number> {
  const parts: Array<string | number> = error.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((p) => (/^(0|[1-9]\d*)$/.test(p) ? Number(p) : p));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') parts.push(String(error.params.additionalProperty));
  return parts;
}

/**
 * Ajv errors → FastAPI's `detail` list. A union of literals (an enum such as a role) makes Ajv report one
 * error per branch plus an `anyOf`; those collapse into one "must be one of" entry.
 */
export function toValidationDetail(context: string | undefined, errors: SchemaError[], locale: Locale): Detail[] {
  const root = LOC_ROOT[context ?? 'body'] ?? 'body';
  const unions = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const details: Detail[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (unions.has(error.instancePath) && error.keyword !== 'anyOf') continue;
    let type = TYPES[error.keyword] ?? error.keyword;
    let params: Record<string, unknown> = error.params;
    if (error.keyword === 'anyOf') {
      const allowed = errors
        .filter((e) => e.instancePath === error.instancePath && e.keyword === 'const')
        .map((e) => String(e.params.allowedValue));
      type = allowed.length > 0 ? 'literal_error' : 'value_error';
      params = { allowed: allowed.join(', ') };
    }
    const loc = [root, ...pathOf(error)];
    const key = `${loc.join('.')}|${type}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push({ loc, msg: text(type, params, locale, error.message ?? type), type });
  }
  return details;
}

export function invalidJsonDetail(locale: Locale): Detail[] {
  return [{ loc: ['body'], msg: text('json_invalid', {}, locale, 'Invalid JSON'), type: 'json_invalid' }];
}

/**
 * A schema failure found outside Fastify's own validation (fields of a multipart body, checked by the
 * route's compiled schema): the error handler answers it as 422 `{ detail }`, like any other.
 */
export function schemaFailure(
  context: 'body' | 'querystring' | 'params',
  errors: SchemaError[],
): Error & { validation: SchemaError[]; validationContext: string } {
  return Object.assign(new Error('validation failed'), {
    validation: errors,
    validationContext: context,
    statusCode: 422,
  });
}
