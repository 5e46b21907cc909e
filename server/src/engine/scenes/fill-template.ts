import {
  LOCALES,
  SCENE_LIMITS,
  SCENE_TEXT_FORMATS,
  type FlowGraph,
  type Locale,
  type SceneFieldKind,
  type SceneValues,
} from '@flotilla/shared/contracts';
import { validateFlow } from '@flotilla/shared/flows';
import type { SceneTemplateField, SceneTemplateFile } from './scene-templates';

// How a template becomes a flow (one rule for every template):
// - an object whose keys are exactly the locales (`{ "zh-CN": …, "en-US": … }`) is its value in the
//   creator's locale (labels, class names and examples read in the creator's language);
// - an array element that is exactly `"[[field]]"` of a `datasets` or `databases` field is replaced by the chosen ids
//   (none, one or several elements in its place); such a field appears nowhere else;
// - in every other string each `[[field]]` is replaced by the field's text, once: a value's own `[[…]]`
//   stays as typed.
// The filled graph must then pass validateFlow; what fails is reported on the field whose placeholder
// sits in the failing node's field.

const PLACEHOLDER = /\[\[([A-Za-z_][A-Za-z0-9_]*)\]\]/g;
const WHOLE = /^\[\[([A-Za-z_][A-Za-z0-9_]*)\]\]$/;

/** A form's values once checked: text for text fields, ids for datasets and databases fields, every field present. */
export type FilledValues = Record<string, string | string[]>;

export const SCENE_VALUE_PROBLEMS = ['required', 'wrongKind', 'tooLong', 'notPrice', 'unknown', 'unusable'] as const;
export type SceneValueProblem = (typeof SCENE_VALUE_PROBLEMS)[number];
/** What is wrong with one field of the form (`field` empty: the form as a whole). */
export type SceneValueIssue = { field: string; problem: SceneValueProblem };

/** Whether a value is a `{ "zh-CN": …, "en-US": … }` text of a template. */
function isLocalized(value: object): value is Record<Locale, unknown> {
  const keys = Object.keys(value);
  return keys.length === LOCALES.length && LOCALES.every((locale) => keys.includes(locale));
}

/** Every `[[name]]` in a template's value: whether it is a whole string, and whether that string is an array element. */
export function placeholdersIn(
  value: unknown,
  inArray = false,
): Array<{ name: string; whole: boolean; inArray: boolean }> {
  if (typeof value === 'string') {
    const whole = WHOLE.test(value);
    return [...value.matchAll(PLACEHOLDER)].map((match) => ({ name: match[1] as string, whole, inArray }));
  }
  if (Array.isArray(value)) return value.flatMap((item) => placeholdersIn(item, true));
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap((item) => placeholdersIn(item));
  return [];
}

const TEXT_LIMITS: Record<Exclude<SceneFieldKind, 'datasets' | 'databases'>, number> = {
  text: SCENE_LIMITS.text,
  textarea: SCENE_LIMITS.textarea,
};

/**
 * One field's value: given, or its default. A single id and a list of one id are the same value (the
 * server's validator turns `["id"]` into `"id"`), as are a text and a list holding only that text.
 */
function fieldValue(field: SceneTemplateField, given: SceneValues[string] | undefined, locale: Locale) {
  if (field.kind === 'datasets' || field.kind === 'databases') {
    const list = given === undefined ? [] : typeof given === 'string' ? [given] : given;
    if (!Array.isArray(list) || !list.every((id) => typeof id === 'string')) return { problem: 'wrongKind' as const };
    const ids = [...new Set(list)];
    if (ids.length > SCENE_LIMITS[field.kind]) return { problem: 'tooLong' as const };
    return ids.length === 0 && field.required ? { problem: 'required' as const } : { value: ids };
  }
  const single = Array.isArray(given) && given.length === 1 ? given[0] : given;
  const text = single === undefined ? (field.default?.[locale] ?? '') : single;
  if (typeof text !== 'string') return { problem: 'wrongKind' as const };
  if (field.required && text.trim() === '') return { problem: 'required' as const };
  if ([...text].length > TEXT_LIMITS[field.kind]) return { problem: 'tooLong' as const };
  // A formatted field left empty (not required) stays empty; anything typed must have the shape.
  if (field.format === 'price' && text.trim() !== '' && !new RegExp(SCENE_TEXT_FORMATS.price).test(text.trim()))
    return { problem: 'notPrice' as const };
  return { value: text };
}

/**
 * The values a template is filled with: each given one checked against its field's kind, each absent one
 * its default in `locale` (none for datasets and databases). Issues name the field.
 */
export function sceneValues(
  template: SceneTemplateFile,
  values: SceneValues,
  locale: Locale,
): { ok: true; values: FilledValues } | { ok: false; issues: SceneValueIssue[] } {
  const issues: SceneValueIssue[] = [];
  const known = new Set(template.fields.map((field) => field.name));
  for (const name of Object.keys(values)) if (!known.has(name)) issues.push({ field: name, problem: 'unknown' });
  const filled: FilledValues = {};
  for (const field of template.fields) {
    const result = fieldValue(field, Object.hasOwn(values, field.name) ? values[field.name] : undefined, locale);
    if (result.problem) issues.push({ field: field.name, problem: result.problem });
    else filled[field.name] = result.value;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, values: filled };
}

/**
 * The template's graph with its placeholders replaced by `values` and its texts in `locale`, and the
 * template's name in that locale (what a new scene robot is called unless the operator names it).
 * Pure: it does not check the values ({@link sceneValues}) or the graph ({@link buildSceneFlow}).
 */
export function fillTemplate(
  template: SceneTemplateFile,
  values: FilledValues,
  locale: Locale,
): { name: string; graph: FlowGraph } {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : '';
  };
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return value.replace(PLACEHOLDER, (_, name: string) => text(name));
    if (Array.isArray(value))
      return value.flatMap((item) => {
        const whole = typeof item === 'string' ? WHOLE.exec(item) : null;
        const chosen = whole ? values[whole[1] as string] : undefined;
        return Array.isArray(chosen) ? chosen : [fill(item)];
      });
    if (value !== null && typeof value === 'object')
      return isLocalized(value)
        ? fill(value[locale])
        : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    return value;
  };
  return { name: template.name[locale], graph: fill(template.graph) as FlowGraph };
}

/**
 * A scene robot's flow: the values checked, the template filled, the graph checked by validateFlow. A graph
 * that cannot run is blamed on the field whose placeholder sits in the failing node's field (or on the
 * form as a whole, `field: ''`, when none does).
 */
export function buildSceneFlow(
  template: SceneTemplateFile,
  values: SceneValues,
  locale: Locale,
): { ok: true; name: string; graph: FlowGraph; values: FilledValues } | { ok: false; issues: SceneValueIssue[] } {
  const checked = sceneValues(template, values, locale);
  if (!checked.ok) return checked;
  const { name, graph } = fillTemplate(template, checked.values, locale);
  const flow = validateFlow('v3', graph);
  if (flow.ok) return { ok: true, name, graph: flow.graph, values: checked.values };
  const nodes = template.graph.nodes as Array<{ id?: unknown; data?: Record<string, unknown> }>;
  const blamed = flow.issues.map((issue): SceneValueIssue => {
    const node = nodes.find((candidate) => candidate.id === issue.nodeId);
    const field = placeholdersIn(node?.data?.[issue.field])[0]?.name ?? '';
    return { field, problem: 'unusable' };
  });
  const unique = new Map(blamed.map((issue) => [issue.field, issue]));
  return { ok: false, issues: [...unique.values()] };
}
