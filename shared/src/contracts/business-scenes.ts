import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';
import { RobotParamsSchema, RobotSchema } from './processes';

// A business-scene robot is an ordinary flow robot built from a template by a short form: the server
// fills the template's graph with the form's values and publishes it. Editing the scene builds the
// flow again from the template (changes made in the flow editor are replaced).

/** How a template field is asked for: one line, several lines, a choice of the tenant's datasets or databases. */
export const SCENE_FIELD_KINDS = ['text', 'textarea', 'datasets', 'databases'] as const;
export type SceneFieldKind = (typeof SCENE_FIELD_KINDS)[number];
/** The kinds whose value is a list of ids (the rest are texts). */
export const SCENE_ID_FIELD_KINDS: readonly SceneFieldKind[] = ['datasets', 'databases'];

/** Limits of a scene's form. */
export const SCENE_LIMITS = {
  fields: 20,
  fieldName: 50,
  templateId: 64,
  /** A `text` field's value. */
  text: 500,
  /** A `textarea` field's value (a flow node's text). */
  textarea: 4000,
  /** Datasets one `datasets` field may choose. */
  datasets: 50,
  /** Databases one `databases` field may choose (as many as a dbQuery node reads). */
  databases: 10,
} as const;

/**
 * Shapes a text field's value may be held to, by name: `price` is an amount of money, a whole number or one
 * with at most two decimals (a product-order scene multiplies it by the quantity).
 */
export const SCENE_TEXT_FORMATS = { price: '^[0-9]{1,9}(\\.[0-9]{1,2})?$' } as const;
export type SceneTextFormat = keyof typeof SCENE_TEXT_FORMATS;

/** A field's name in the form and in the template's `[[name]]` placeholders. */
export const SCENE_FIELD_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]*$';
const FieldNameSchema = Type.String({
  minLength: 1,
  maxLength: SCENE_LIMITS.fieldName,
  pattern: SCENE_FIELD_NAME_PATTERN,
});
const TemplateIdSchema = Type.String({ minLength: 1, maxLength: SCENE_LIMITS.templateId, pattern: '^[a-z0-9-]+$' });
const RobotNameSchema = Type.String({ minLength: 1, maxLength: 100 });

/** One field of a template's form, its texts in the request's language. */
export const SceneFieldSchema = Type.Object({
  name: Type.String(),
  label: Type.String(),
  kind: Type.Union(SCENE_FIELD_KINDS.map((kind) => Type.Literal(kind))),
  required: Type.Boolean(),
  /** What a text field holds before the operator changes it (used as well when it is left empty). */
  default: Type.Optional(Type.String()),
  /** The shape a text field's value must have (SCENE_TEXT_FORMATS). */
  format: Type.Optional(Type.Union(Object.keys(SCENE_TEXT_FORMATS).map((name) => Type.Literal(name)))),
});
export type SceneField = Static<typeof SceneFieldSchema>;

/** A template a scene robot can be built from. */
export const SceneTemplateSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  fields: Type.Array(SceneFieldSchema),
});
export type SceneTemplate = Static<typeof SceneTemplateSchema>;
export const SceneTemplateListResponseSchema = Type.Array(SceneTemplateSchema);
export type SceneTemplateListResponse = Static<typeof SceneTemplateListResponseSchema>;

/**
 * The form's values by field name: text for text fields, dataset ids for a datasets field. As everywhere
 * in the API, one value and a list of that one value are the same (the server's validator turns `["id"]`
 * into `"id"`): the server reads each value by its field's kind.
 */
export const SceneValuesSchema = Type.Record(
  FieldNameSchema,
  Type.Union([
    Type.String({ maxLength: SCENE_LIMITS.textarea }),
    Type.Array(IdSchema, { maxItems: SCENE_LIMITS.datasets }),
  ]),
  { maxProperties: SCENE_LIMITS.fields },
);
export type SceneValues = Static<typeof SceneValuesSchema>;

/** `GET /v1/business-scenes`. */
export const ListBusinessScenesQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
]);
export type ListBusinessScenesQuery = Static<typeof ListBusinessScenesQuerySchema>;
/** A scene robot as the scene list shows it. */
export const SceneRobotSchema = Type.Object({ robot: RobotSchema, templateId: Type.String() });
export type SceneRobot = Static<typeof SceneRobotSchema>;
export const SceneRobotListResponseSchema = PageSchema(SceneRobotSchema);
export type SceneRobotListResponse = Static<typeof SceneRobotListResponseSchema>;

/** `POST /v1/business-scenes`. */
export const CreateBusinessSceneBodySchema = Type.Object({
  templateId: TemplateIdSchema,
  name: RobotNameSchema,
  values: SceneValuesSchema,
});
export type CreateBusinessSceneBody = Static<typeof CreateBusinessSceneBodySchema>;

/** `PUT /v1/business-scenes/{processId}`: the robot's new name (when given) and the whole form again. */
export const UpdateBusinessSceneBodySchema = Type.Object({
  name: Type.Optional(RobotNameSchema),
  values: SceneValuesSchema,
});
export type UpdateBusinessSceneBody = Static<typeof UpdateBusinessSceneBodySchema>;

/** `GET /v1/business-scenes/{processId}`: what the scene's form was filled with. */
export const BusinessSceneSchema = Type.Object({
  processId: IdSchema,
  templateId: Type.String(),
  name: Type.String(),
  values: Type.Record(Type.String(), Type.Union([Type.String(), Type.Array(Type.String())])),
});
export type BusinessScene = Static<typeof BusinessSceneSchema>;

/** The templates a scene robot can be built from (texts in the request's language). */
export const ListSceneTemplates = endpoint({
  method: 'GET',
  path: '/v1/business-scenes/templates',
  response: SceneTemplateListResponseSchema,
});
/** One page of the tenant's scene robots, newest first, filtered by keyword. */
export const ListBusinessScenes = endpoint({
  method: 'GET',
  path: '/v1/business-scenes',
  query: ListBusinessScenesQuerySchema,
  response: SceneRobotListResponseSchema,
});
/** Builds a flow robot from a template and the form's values; it answers with the flow at once. */
export const CreateBusinessScene = endpoint({
  method: 'POST',
  path: '/v1/business-scenes',
  body: CreateBusinessSceneBodySchema,
  response: RobotSchema,
});
/** A scene robot's template and form values. */
export const GetBusinessScene = endpoint({
  method: 'GET',
  path: '/v1/business-scenes/{processId}',
  params: RobotParamsSchema,
  response: BusinessSceneSchema,
});
/** Builds the scene robot's flow again from its template and new values, and publishes it. */
export const UpdateBusinessScene = endpoint({
  method: 'PUT',
  path: '/v1/business-scenes/{processId}',
  params: RobotParamsSchema,
  body: UpdateBusinessSceneBodySchema,
  response: BusinessSceneSchema,
});
