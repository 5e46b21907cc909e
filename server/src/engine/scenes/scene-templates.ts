import { readdirSync, readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import {
  FLOW_NODE_TYPES,
  LocalizedTextSchema,
  SCENE_FIELD_KINDS,
  SCENE_FIELD_NAME_PATTERN,
  SCENE_ID_FIELD_KINDS,
  SCENE_TEXT_FORMATS,
  type Locale,
  type SceneTemplate,
} from '@flotilla/shared/contracts';
import { placeholdersIn } from './fill-template';

const SceneTemplateFieldFileSchema = Type.Object(
  {
    name: Type.String({ pattern: SCENE_FIELD_NAME_PATTERN, maxLength: 50 }),
    kind: Type.Union(SCENE_FIELD_KINDS.map((kind) => Type.Literal(kind))),
    required: Type.Boolean(),
    label: LocalizedTextSchema,
    default: Type.Optional(LocalizedTextSchema),
    format: Type.Optional(Type.Union(Object.keys(SCENE_TEXT_FORMATS).map((name) => Type.Literal(name)))),
  },
  { additionalProperties: false },
);

/** A template as written in `templates/<id>.json`. */
export const SceneTemplateFileSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 64 }),
    /** Where the list shows it (ascending). */
    order: Type.Integer(),
    /** A node type the graph uses that the flow engine may not have yet: until it has, the template is hidden. */
    requires: Type.Optional(Type.String()),
    name: LocalizedTextSchema,
    description: LocalizedTextSchema,
    fields: Type.Array(SceneTemplateFieldFileSchema, { minItems: 1, maxItems: 20 }),
    /** A v3 flow whose strings may hold `[[field]]` and whose objects may be `{ "zh-CN": …, "en-US": … }`. */
    graph: Type.Object({ nodes: Type.Array(Type.Unknown()), edges: Type.Array(Type.Unknown()) }),
  },
  { additionalProperties: false },
);
export type SceneTemplateFile = Static<typeof SceneTemplateFileSchema>;
export type SceneTemplateField = SceneTemplateFile['fields'][number];

export const SCENE_TEMPLATES_DIR = new URL('./templates/', import.meta.url);

/** Whether the flow engine has every node type the template needs. */
export function isOffered(template: SceneTemplateFile): boolean {
  return template.requires === undefined || (FLOW_NODE_TYPES as readonly string[]).includes(template.requires);
}

/**
 * Every template of `dir` (`*.json`), in their order; a file that does not fit the schema, or whose
 * placeholders name no field of it, stops the server at start rather than failing an operator later.
 */
export function readSceneTemplates(dir: URL = SCENE_TEMPLATES_DIR): SceneTemplateFile[] {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  const templates = files.map((name) => {
    const data: unknown = JSON.parse(readFileSync(new URL(name, dir), 'utf8'));
    if (!Value.Check(SceneTemplateFileSchema, data)) {
      const first = [...Value.Errors(SceneTemplateFileSchema, data)][0];
      throw new Error(`Invalid scene template ${name}: ${first?.path} ${first?.message}`);
    }
    if (`${data.id}.json` !== name) throw new Error(`Scene template ${name} has the id ${data.id}`);
    checkPlaceholders(data, name);
    return data;
  });
  return templates.sort((a, b) => a.order - b.order);
}

function checkPlaceholders(template: SceneTemplateFile, file: string): void {
  const kinds = new Map(template.fields.map((field) => [field.name, field.kind]));
  for (const { name, whole, inArray } of placeholdersIn(template.graph)) {
    const kind = kinds.get(name);
    if (kind === undefined) throw new Error(`Scene template ${file}: [[${name}]] names no field`);
    if (kind !== undefined && SCENE_ID_FIELD_KINDS.includes(kind) && !(whole && inArray))
      throw new Error(`Scene template ${file}: [[${name}]] must stand alone in an array (it expands to ids)`);
  }
}

/** A template as the list call answers it, in one language. */
export function localizedTemplate(template: SceneTemplateFile, locale: Locale): SceneTemplate {
  return {
    id: template.id,
    name: template.name[locale],
    description: template.description[locale],
    fields: template.fields.map((field) => ({
      name: field.name,
      label: field.label[locale],
      kind: field.kind,
      required: field.required,
      ...(field.default ? { default: field.default[locale] } : {}),
      ...(field.format ? { format: field.format } : {}),
    })),
  };
}
