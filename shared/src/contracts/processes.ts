import { Type, type Static } from '@sinclair/typebox';
import { IconUploadResponseSchema } from './chat';
import { IdSchema, IsoDateSchema, OkSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';

export const PROCESS_TYPES = ['simple', 'flow'] as const;
export type ProcessType = (typeof PROCESS_TYPES)[number];

/** A robot ("process"). */
export const RobotSchema = Type.Object({
  processId: IdSchema,
  adminId: IdSchema,
  name: Type.String(),
  description: Type.String(),
  icon: Type.String(),
  type: Type.Union(PROCESS_TYPES.map((t) => Type.Literal(t))),
  enabled: Type.Boolean(),
  tags: Type.Array(Type.Object({ id: IdSchema, name: Type.String() })),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Robot = Static<typeof RobotSchema>;

/** `GET /v1/processes`. */
export const ListRobotsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    tagId: Type.Optional(IdSchema),
  }),
]);
export type ListRobotsQuery = Static<typeof ListRobotsQuerySchema>;
export const RobotListResponseSchema = PageSchema(RobotSchema);
export type RobotListResponse = Static<typeof RobotListResponseSchema>;

/** `POST /v1/processes`. */
export const CreateRobotBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  /** An uploaded icon (`/v2/upload/file/…`), a data: image or an emoji; no address on another site (the CSP loads images from this server only). */
  icon: Type.Optional(Type.String({ maxLength: 500, pattern: '^(/(?!/)|data:image/|[^:/]*$)' })),
  type: Type.Optional(Type.Union(PROCESS_TYPES.map((t) => Type.Literal(t)))),
});
export type CreateRobotBody = Static<typeof CreateRobotBodySchema>;

export const RobotParamsSchema = Type.Object({ processId: IdSchema });
export type RobotParams = Static<typeof RobotParamsSchema>;

/** `PUT /v1/processes/{processId}`: the fields given are changed, the others kept. */
export const UpdateRobotBodySchema = Type.Partial(CreateRobotBodySchema, { minProperties: 1 });
export type UpdateRobotBody = Static<typeof UpdateRobotBodySchema>;

/** Limits of a robot's basic config and preset. */
export const ROBOT_LIMITS = {
  temperature: { min: 0, max: 2 },
  historyLength: { min: 0, max: 50 },
  suggestedQuestions: 10,
  suggestedQuestionLength: 200,
  boundSources: 50,
} as const;

/** The basic config of a robot that was never configured. */
export const DEFAULT_BASIC_CONFIG = {
  model: 'builtin',
  systemPrompt: '',
  temperature: 0.7,
  historyLength: 6,
  fallbackReply: '抱歉，我暂时无法回答这个问题。',
  datasetIds: [] as string[],
  databaseIds: [] as string[],
  librarySearch: true,
  dbSearch: false,
};

/** `GET /v1/processes/{processId}/basic`: model, prompt and the knowledge a simple robot answers from. */
export const BasicConfigSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 100 }),
  systemPrompt: Type.String({ maxLength: 10000 }),
  temperature: Type.Number({ minimum: ROBOT_LIMITS.temperature.min, maximum: ROBOT_LIMITS.temperature.max }),
  historyLength: Type.Integer({ minimum: ROBOT_LIMITS.historyLength.min, maximum: ROBOT_LIMITS.historyLength.max }),
  fallbackReply: Type.String({ maxLength: 2000 }),
  datasetIds: Type.Array(IdSchema, { maxItems: ROBOT_LIMITS.boundSources }),
  databaseIds: Type.Array(IdSchema, { maxItems: ROBOT_LIMITS.boundSources }),
  librarySearch: Type.Boolean(),
  dbSearch: Type.Boolean(),
});
export type BasicConfig = Static<typeof BasicConfigSchema>;

/** `PUT /v1/processes/{processId}/basic`: the fields given are changed, the others kept. */
export const UpdateBasicConfigBodySchema = Type.Partial(BasicConfigSchema);
export type UpdateBasicConfigBody = Static<typeof UpdateBasicConfigBodySchema>;

/** `PUT /v1/processes/{processId}/preset`: what a chat with the robot opens with (shown by its share page). */
export const PresetSchema = Type.Object({
  welcome: Type.String({ maxLength: 2000 }),
  suggestedQuestions: Type.Array(Type.String({ minLength: 1, maxLength: ROBOT_LIMITS.suggestedQuestionLength }), {
    maxItems: ROBOT_LIMITS.suggestedQuestions,
  }),
});
export type Preset = Static<typeof PresetSchema>;
export const UpdatePresetBodySchema = Type.Partial(PresetSchema);
export type UpdatePresetBody = Static<typeof UpdatePresetBodySchema>;

/** `GET /v1/processes/{adminId}/modelConfig`: one model a robot may use (never its key or endpoint). */
export const MODEL_PROVIDERS = ['builtin', 'openai'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];
export const ModelOptionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  provider: Type.Union(MODEL_PROVIDERS.map((p) => Type.Literal(p))),
  /** Credits one answer costs. */
  price: Type.Integer({ minimum: 0 }),
});
export type ModelOption = Static<typeof ModelOptionSchema>;
export const ModelConfigParamsSchema = Type.Object({ adminId: IdSchema });
export type ModelConfigParams = Static<typeof ModelConfigParamsSchema>;
export const ModelConfigResponseSchema = Type.Array(ModelOptionSchema);
export type ModelConfigResponse = Static<typeof ModelConfigResponseSchema>;

/** A robot tag (`GET /v1/processes/allTags` answers all of the tenant's, by name). */
export const RobotTagSchema = Type.Object({ id: IdSchema, name: Type.String() });
export type RobotTag = Static<typeof RobotTagSchema>;
export const RobotTagListResponseSchema = Type.Array(RobotTagSchema);
export type RobotTagListResponse = Static<typeof RobotTagListResponseSchema>;
const TagNameSchema = Type.String({ minLength: 1, maxLength: 50, pattern: '\\S' });

/** `POST /v1/processes/tag`. */
export const CreateRobotTagBodySchema = Type.Object({ name: TagNameSchema });
export type CreateRobotTagBody = Static<typeof CreateRobotTagBodySchema>;
/** `POST /v1/processes/tag/{id}?name=` (rename) and `DELETE /v1/processes/tag/{id}`. */
export const RobotTagParamsSchema = Type.Object({ id: IdSchema });
export type RobotTagParams = Static<typeof RobotTagParamsSchema>;
export const RenameRobotTagQuerySchema = Type.Object({ name: TagNameSchema });
export type RenameRobotTagQuery = Static<typeof RenameRobotTagQuerySchema>;
/** `POST /v1/processes/tag/bind`: the robot's tags become exactly `tagIds`. */
export const BindRobotTagsBodySchema = Type.Object({
  processId: IdSchema,
  tagIds: Type.Array(IdSchema, { maxItems: 50 }),
});
export type BindRobotTagsBody = Static<typeof BindRobotTagsBodySchema>;

/** One page of the tenant's robots, newest first, filtered by keyword and tag. */
export const ListRobots = endpoint({
  method: 'GET',
  path: '/v1/processes',
  query: ListRobotsQuerySchema,
  response: RobotListResponseSchema,
});
/** Creates a robot (its share disabled) and answers it. */
export const CreateRobot = endpoint({
  method: 'POST',
  path: '/v1/processes',
  body: CreateRobotBodySchema,
  response: RobotSchema,
});
/** One robot; 404 when it does not exist or is another tenant's. */
export const GetRobot = endpoint({
  method: 'GET',
  path: '/v1/processes/{processId}',
  params: RobotParamsSchema,
  response: RobotSchema,
});
/** Changes the fields given of a robot (name, description, icon, type) and answers it. */
export const UpdateRobot = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}',
  params: RobotParamsSchema,
  body: UpdateRobotBodySchema,
  response: RobotSchema,
});
/** Deletes a robot and its share. */
export const DeleteRobot = endpoint({
  method: 'DELETE',
  path: '/v1/processes/{processId}',
  params: RobotParamsSchema,
  response: OkSchema,
});
/** Copies a robot (a write behind GET: existing clients call it so) and answers the copy. */
export const CloneRobot = endpoint({
  method: 'GET',
  path: '/v1/processes/{processId}/clone',
  params: RobotParamsSchema,
  response: RobotSchema,
});
/** Enables a robot; answers it. */
export const EnableRobot = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/enableProcess',
  params: RobotParamsSchema,
  response: RobotSchema,
});
/** Disables a robot (its share stops answering); answers it. */
export const DisableRobot = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/disableProcess',
  params: RobotParamsSchema,
  response: RobotSchema,
});

/** A robot's basic config (defaults when never saved). */
export const GetBasicConfig = endpoint({
  method: 'GET',
  path: '/v1/processes/{processId}/basic',
  params: RobotParamsSchema,
  response: BasicConfigSchema,
});
/** Changes the fields given of a robot's basic config; answers the whole config. */
export const UpdateBasicConfig = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/basic',
  params: RobotParamsSchema,
  body: UpdateBasicConfigBodySchema,
  response: BasicConfigSchema,
});
/** Lets a robot search its datasets; answers the whole config. */
export const EnableLibrarySearch = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/basic/enableLibrarySearch',
  params: RobotParamsSchema,
  response: BasicConfigSchema,
});
/** Stops a robot searching its datasets; answers the whole config. */
export const DisableLibrarySearch = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/basic/disableLibrarySearch',
  params: RobotParamsSchema,
  response: BasicConfigSchema,
});
/** Lets a robot query its databases; answers the whole config. */
export const EnableDbSearch = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/basic/enableDbSearch',
  params: RobotParamsSchema,
  response: BasicConfigSchema,
});
/** Stops a robot querying its databases; answers the whole config. */
export const DisableDbSearch = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/basic/disableDbSearch',
  params: RobotParamsSchema,
  response: BasicConfigSchema,
});
/** Sets the fields given of a robot's welcome text and suggested questions; answers both. */
export const UpdatePreset = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/preset',
  params: RobotParamsSchema,
  body: UpdatePresetBodySchema,
  response: PresetSchema,
});
/** The models a robot may use, with their price (the same for every admin of a tenant). */
export const ListModels = endpoint({
  method: 'GET',
  path: '/v1/processes/{adminId}/modelConfig',
  params: ModelConfigParamsSchema,
  response: ModelConfigResponseSchema,
});
/** Stores a robot icon (multipart `file`) and answers the URL to set as the robot's icon. */
export const UploadRobotIcon = endpoint({
  method: 'POST',
  path: '/v2/processes/icon',
  bodyAs: 'multipart',
  response: IconUploadResponseSchema,
});

/** Every robot tag of the tenant, by name. */
export const ListRobotTags = endpoint({
  method: 'GET',
  path: '/v1/processes/allTags',
  response: RobotTagListResponseSchema,
});
/** Creates a robot tag; 409 when the name is taken. */
export const CreateRobotTag = endpoint({
  method: 'POST',
  path: '/v1/processes/tag',
  body: CreateRobotTagBodySchema,
  response: RobotTagSchema,
});
/** Replaces a robot's tags; answers the robot. */
export const BindRobotTags = endpoint({
  method: 'POST',
  path: '/v1/processes/tag/bind',
  body: BindRobotTagsBodySchema,
  response: RobotSchema,
});
/** Renames a robot tag (every robot bound to it shows the new name); 409 when the name is taken. */
export const RenameRobotTag = endpoint({
  method: 'POST',
  path: '/v1/processes/tag/{id}',
  params: RobotTagParamsSchema,
  query: RenameRobotTagQuerySchema,
  response: RobotTagSchema,
});
/** Deletes a robot tag, unbinding it from every robot. */
export const DeleteRobotTag = endpoint({
  method: 'DELETE',
  path: '/v1/processes/tag/{id}',
  params: RobotTagParamsSchema,
  response: OkSchema,
});
