import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';
import { TraceStepSchema } from './flow-trace';
import { RobotParamsSchema } from './processes';

// A robot's flow: a graph of nodes the flow engine runs for every question. A v3 flow is drawn as a graph;
// a v1 flow is an ordered list of steps (its nodes, no edges) that the engine compiles to a v3 graph.
// The request schemas only bound sizes: what each node's `data` must hold is checked per node type by
// `validateFlow` (shared/src/flows), so a 422 names the node (`['body', 'nodes', nodeId, field]`).

export const FLOW_VERSIONS = ['v1', 'v3'] as const;
export type FlowVersion = (typeof FLOW_VERSIONS)[number];

/** Node types of a v3 flow (a database lookup joins them with the databases). */
export const FLOW_NODE_TYPES = [
  'start',
  'aiChat',
  'knowledgeSearch',
  'dbQuery',
  'classify',
  'condition',
  'setVariable',
  'httpRequest',
  'webReader',
  'formCollect',
  'reply',
  'end',
] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];
/** The steps a v1 flow is made of, in order. */
export const V1_STEP_TYPES = ['knowledgeSearch', 'aiChat', 'classify', 'reply'] as const;
export type V1StepType = (typeof V1_STEP_TYPES)[number];

/** Limits of a flow (what the editor and the engine promise to handle). */
export const FLOW_LIMITS = {
  nodes: 500,
  edges: 1000,
  nodeId: 64,
  text: 4000,
  classes: 20,
  examples: 30,
  fields: 20,
  headers: 20,
  conditionRules: 10,
  retries: 3,
  timeoutMs: { min: 100, max: 120_000 },
  /** Past this the editor and the engine refuse a position (a dragged node never gets there). */
  coordinate: 1_000_000,
} as const;

/** Source handles every node may have besides its own: the failure branch. */
export const ERROR_HANDLE = 'error';
/** The classify handle taken when no class matches. */
export const OTHER_CLASS_HANDLE = 'else';
/** The condition handles. */
export const CONDITION_HANDLES = ['true', 'false'] as const;

const NodeIdSchema = Type.String({ minLength: 1, maxLength: FLOW_LIMITS.nodeId, pattern: '^[A-Za-z0-9_-]+$' });
const TextSchema = (options: { minLength?: number } = {}) => Type.String({ maxLength: FLOW_LIMITS.text, ...options });
const Coordinate = Type.Number({ minimum: -FLOW_LIMITS.coordinate, maximum: FLOW_LIMITS.coordinate });

/** What every node's data may hold: a label, and how it runs (timeout, retries). */
const CommonDataFields = {
  label: Type.Optional(Type.String({ maxLength: 100 })),
  timeoutMs: Type.Optional(Type.Integer({ minimum: FLOW_LIMITS.timeoutMs.min, maximum: FLOW_LIMITS.timeoutMs.max })),
  retries: Type.Optional(Type.Integer({ minimum: 0, maximum: FLOW_LIMITS.retries })),
};
const data = <P extends Record<string, TSchema>>(fields: P) =>
  Type.Object({ ...CommonDataFields, ...fields }, { additionalProperties: false });

export const FlowClassSchema = Type.Object(
  {
    id: NodeIdSchema,
    name: Type.String({ minLength: 1, maxLength: 100 }),
    examples: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: FLOW_LIMITS.examples }),
  },
  { additionalProperties: false },
);
export type FlowClass = Static<typeof FlowClassSchema>;
/** A v1 classify step's class carries the reply given when it matches. */
export const V1FlowClassSchema = Type.Object(
  {
    ...FlowClassSchema.properties,
    reply: Type.String({ minLength: 1, maxLength: FLOW_LIMITS.text }),
  },
  { additionalProperties: false },
);
export type V1FlowClass = Static<typeof V1FlowClassSchema>;

export const FORM_FIELD_TYPES = ['text', 'phone', 'email', 'number'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];
export const FormFieldSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
    label: Type.String({ minLength: 1, maxLength: 100 }),
    type: Type.Union(FORM_FIELD_TYPES.map((t) => Type.Literal(t))),
    required: Type.Boolean(),
    /** What the robot asks for this field (default: a question naming its label). */
    question: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type FormField = Static<typeof FormFieldSchema>;

export const CONDITION_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'isEmpty',
  'isNotEmpty',
  'greaterThan',
  'lessThan',
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export const ConditionRuleSchema = Type.Object(
  {
    left: TextSchema({ minLength: 1 }),
    operator: Type.Union(CONDITION_OPERATORS.map((o) => Type.Literal(o))),
    right: Type.Optional(TextSchema()),
  },
  { additionalProperties: false },
);
export type ConditionRule = Static<typeof ConditionRuleSchema>;

export const FLOW_HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type FlowHttpMethod = (typeof FLOW_HTTP_METHODS)[number];

/** The data of each node type; text fields marked "templated" take `{{…}}` variables. */
export const FLOW_NODE_DATA = {
  start: data({}),
  /** Answers with a model (the robot's own unless `model` is set), reading the knowledge found before it; speaks. */
  aiChat: data({
    /** Instructions (templated); the robot's prompt when empty. */
    prompt: Type.Optional(TextSchema()),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
  }),
  knowledgeSearch: data({
    datasetIds: Type.Array(IdSchema, { minItems: 1, maxItems: 50 }),
    /** What to search for (templated); the question when empty. */
    query: Type.Optional(TextSchema()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  }),
  /**
   * Reads the robot's bound databases (the ones listed): by key values found in the text with the builtin
   * provider, by checked read-only SQL a model writes otherwise; gives later nodes the rows found.
   */
  dbQuery: data({
    databaseIds: Type.Array(IdSchema, { minItems: 1, maxItems: 10 }),
    /** What to look up (templated); the question when empty. */
    query: Type.Optional(TextSchema()),
    /** Rows read at most (default 5). */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  }),
  classify: data({
    classes: Type.Array(FlowClassSchema, { minItems: 1, maxItems: FLOW_LIMITS.classes }),
    /** What to classify (templated); the question when empty. */
    query: Type.Optional(TextSchema()),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  }),
  condition: data({
    rules: Type.Array(ConditionRuleSchema, { minItems: 1, maxItems: FLOW_LIMITS.conditionRules }),
    /** `all` (and) or `any` (or) of the rules; `all` when absent. */
    match: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('any')])),
  }),
  /** Sets a session variable (`{{session.<name>}}`, kept for the session's next questions). */
  setVariable: data({
    name: Type.String({ minLength: 1, maxLength: 50, pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }),
    value: TextSchema(),
  }),
  httpRequest: data({
    method: Type.Union(FLOW_HTTP_METHODS.map((m) => Type.Literal(m))),
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    headers: Type.Optional(
      Type.Record(
        Type.String({ minLength: 1, maxLength: 100, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" }),
        Type.String({ maxLength: 2000 }),
        {
          maxProperties: FLOW_LIMITS.headers,
        },
      ),
    ),
    body: Type.Optional(TextSchema()),
  }),
  webReader: data({ url: Type.String({ minLength: 1, maxLength: 2000 }) }),
  /** Asks for its fields over as many turns as it takes, then continues with them (kept with the session). */
  formCollect: data({
    fields: Type.Array(FormFieldSchema, { minItems: 1, maxItems: FLOW_LIMITS.fields }),
    /** Said once all fields are in (templated); nothing when empty. */
    doneText: Type.Optional(TextSchema()),
  }),
  /** Says a text (templated). */
  reply: data({ text: TextSchema({ minLength: 1 }) }),
  end: data({}),
} satisfies Record<FlowNodeType, TSchema>;
export type FlowNodeData = { [K in FlowNodeType]: Static<(typeof FLOW_NODE_DATA)[K]> };
/** A v1 classify step: its classes carry their replies. */
export const V1ClassifyDataSchema = data({
  classes: Type.Array(V1FlowClassSchema, { minItems: 1, maxItems: FLOW_LIMITS.classes }),
  query: Type.Optional(TextSchema()),
  model: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
});
export type V1ClassifyData = Static<typeof V1ClassifyDataSchema>;

/** A node as stored and sent; its `data` is checked against its type by `validateFlow`. */
export const FlowNodeSchema = Type.Object({
  id: NodeIdSchema,
  type: Type.Union(FLOW_NODE_TYPES.map((t) => Type.Literal(t))),
  position: Type.Object({ x: Coordinate, y: Coordinate }),
  data: Type.Record(Type.String({ maxLength: 50 }), Type.Unknown(), { maxProperties: 20 }),
});
/** A node whose data matches its type. */
export type FlowNode = {
  [K in FlowNodeType]: { id: string; type: K; position: { x: number; y: number }; data: FlowNodeData[K] };
}[FlowNodeType];
export type FlowNodeOf<K extends FlowNodeType> = Extract<FlowNode, { type: K }>;

export const FlowEdgeSchema = Type.Object({
  id: NodeIdSchema,
  source: NodeIdSchema,
  sourceHandle: Type.Optional(Type.String({ maxLength: FLOW_LIMITS.nodeId })),
  target: NodeIdSchema,
});
export type FlowEdge = Static<typeof FlowEdgeSchema>;

export const FlowGraphSchema = Type.Object({
  nodes: Type.Array(FlowNodeSchema, { maxItems: FLOW_LIMITS.nodes }),
  edges: Type.Array(FlowEdgeSchema, { maxItems: FLOW_LIMITS.edges }),
});
export type FlowGraph = { nodes: FlowNode[]; edges: FlowEdge[] };

const FlowVersionSchema = Type.Union(FLOW_VERSIONS.map((v) => Type.Literal(v)));

/** `GET /v1/processes/{processId}/flow`. */
export const FlowSchema = Type.Object({
  version: FlowVersionSchema,
  draft: FlowGraphSchema,
  published: Type.Union([FlowGraphSchema, Type.Null()]),
  publishedAt: Type.Union([IsoDateSchema, Type.Null()]),
  /** The version of the published flow (`versions` lists it), null before the first publish. */
  publishedVersionId: Type.Union([IdSchema, Type.Null()]),
  updatedAt: IsoDateSchema,
});
export type Flow = Omit<Static<typeof FlowSchema>, 'draft' | 'published'> & {
  draft: FlowGraph;
  published: FlowGraph | null;
};

/** `PUT /v1/processes/{processId}/flow`: the new draft. */
export const SaveFlowBodySchema = Type.Composite([Type.Object({ version: FlowVersionSchema }), FlowGraphSchema]);
export type SaveFlowBody = { version: FlowVersion } & FlowGraph;

/** `POST /v1/processes/{processId}/flow/debug`. */
export const DebugFlowBodySchema = Type.Object({
  question: Type.String({ minLength: 1, maxLength: 4000 }),
  /** Continues a debug conversation (a form being collected, session variables). */
  sessionId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type DebugFlowBody = Static<typeof DebugFlowBodySchema>;

export const DebugFlowResponseSchema = Type.Object({
  answer: Type.String(),
  trace: Type.Array(TraceStepSchema),
  /** Send it back to go on with the same debug conversation. */
  sessionId: Type.String(),
});
export type DebugFlowResponse = Static<typeof DebugFlowResponseSchema>;

/** One published version of a flow. */
export const FlowVersionEntrySchema = Type.Object({
  id: IdSchema,
  /** 1, 2, 3… in publishing order. */
  number: Type.Integer({ minimum: 1 }),
  version: FlowVersionSchema,
  nodeCount: Type.Integer({ minimum: 0 }),
  publishedAt: IsoDateSchema,
  publishedBy: Type.String(),
});
export type FlowVersionEntry = Static<typeof FlowVersionEntrySchema>;
export const FlowVersionListResponseSchema = PageSchema(FlowVersionEntrySchema);
export type FlowVersionListResponse = Static<typeof FlowVersionListResponseSchema>;
export const FlowVersionParamsSchema = Type.Object({ processId: IdSchema, versionId: IdSchema });

/** A robot's flow: its draft, what is published, when. */
export const GetFlow = endpoint({
  method: 'GET',
  path: '/v1/processes/{processId}/flow',
  params: RobotParamsSchema,
  response: FlowSchema,
});
/** Saves the draft; a graph that cannot run is a 422 naming the node and field. */
export const SaveFlow = endpoint({
  method: 'PUT',
  path: '/v1/processes/{processId}/flow',
  params: RobotParamsSchema,
  body: SaveFlowBodySchema,
  response: FlowSchema,
});
/** Runs the draft once and answers with each node's trace (not stored as an answer). */
export const DebugFlow = endpoint({
  method: 'POST',
  path: '/v1/processes/{processId}/flow/debug',
  params: RobotParamsSchema,
  body: DebugFlowBodySchema,
  response: DebugFlowResponseSchema,
});
/** Publishes the draft: the robot answers with it from now on; a new version is listed. */
export const PublishFlow = endpoint({
  method: 'POST',
  path: '/v1/processes/{processId}/flow/publish',
  params: RobotParamsSchema,
  response: FlowSchema,
});
/** The published versions of a flow, newest first. */
export const ListFlowVersions = endpoint({
  method: 'GET',
  path: '/v1/processes/{processId}/flow/versions',
  params: RobotParamsSchema,
  query: PageQuerySchema,
  response: FlowVersionListResponseSchema,
});
/** Makes a published version the draft again (publish it to answer with it). */
export const RestoreFlowVersion = endpoint({
  method: 'POST',
  path: '/v1/processes/{processId}/flow/versions/{versionId}/restore',
  params: FlowVersionParamsSchema,
  response: FlowSchema,
});
