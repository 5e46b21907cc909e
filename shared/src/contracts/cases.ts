import { Kind, Type, TypeRegistry, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';

/** Bounds of what a case carries (docs/cases.md). */
export const CASE_LIMITS = {
  titleMax: 200,
  customerMax: 100,
  phoneMax: 40,
  notesMax: 5000,
  keywordMax: 100,
  /** A collected field's value, as kept on the case. */
  valueMax: 500,
  /** A collected number's bound (either sign): exact as a double. */
  numberMax: 1e15,
} as const;

/** A case's life: opened (new), given to an agent (assigned), worked on (in_progress), done (closed). */
export const CASE_STATUSES = ['new', 'assigned', 'in_progress', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CaseStatusSchema = Type.Union(CASE_STATUSES.map((s) => Type.Literal(s)));

/** How a case was opened: by a robot's case form, by a flow's formCollect node, or by a person. */
export const CASE_SOURCES = ['caseForm', 'flow', 'manual'] as const;
export type CaseSource = (typeof CASE_SOURCES)[number];

const CASE_VALUE_KIND = 'CaseFormValue';
// TypeBox's own checker (the console's fakes, `Value.Check`) knows no list of types: it checks the kind here.
if (!TypeRegistry.Has(CASE_VALUE_KIND))
  TypeRegistry.Set(
    CASE_VALUE_KIND,
    (_, value) =>
      (typeof value === 'number' && Math.abs(value) <= CASE_LIMITS.numberMax) ||
      (typeof value === 'string' && value.length <= CASE_LIMITS.valueMax),
  );
/** One collected value: text, or a number (bounded) for `number` fields. */
export const CaseFormValueSchema = Type.Unsafe<string | number>({
  [Kind]: CASE_VALUE_KIND,
  // One schema with a list of types, not a union: the server's validator would coerce a number inside a
  // union's first branch to text; a value matching one of the listed types is left alone.
  type: ['string', 'number'],
  maxLength: CASE_LIMITS.valueMax,
  minimum: -CASE_LIMITS.numberMax,
  maximum: CASE_LIMITS.numberMax,
});

/** A case form's fields, whose values a case keeps by name: how many a form has, and how a name is written. */
export const CASE_FIELDS = {
  max: 20,
  /** A letter or underscore, then letters, digits, underscores. */
  namePattern: '^[A-Za-z_][A-Za-z0-9_]*$',
  nameMax: 40,
} as const;
/** A key of a case's values: a field's name, its length bound included. */
export const CASE_VALUE_KEY_PATTERN = `^[A-Za-z_][A-Za-z0-9_]{0,${CASE_FIELDS.nameMax - 1}}$`;

/**
 * The fields a case collected, by field name: text, or a number for `number` fields. As many as a case form
 * has fields at most, each key a field's name: any other key is refused (propertyNames: the server's validator
 * answers 422; additionalProperties: TypeBox's checker, which has no propertyNames, refuses it too).
 */
export const CaseFormValuesSchema = Type.Record(Type.String({ pattern: CASE_VALUE_KEY_PATTERN }), CaseFormValueSchema, {
  maxProperties: CASE_FIELDS.max,
  propertyNames: { type: 'string', pattern: CASE_VALUE_KEY_PATTERN, maxLength: CASE_FIELDS.nameMax },
  additionalProperties: false,
});
export type CaseFormValues = Static<typeof CaseFormValuesSchema>;

/** `{ total }`: the answer of every `.../total` call. */
export const TotalSchema = Type.Object({ total: Type.Integer({ minimum: 0 }) });
export type Total = Static<typeof TotalSchema>;

/** A case: what a robot opened from a conversation for an agent to follow up (a lead, an order, a complaint). */
export const CaseSchema = Type.Object({
  id: IdSchema,
  processId: IdSchema,
  /** Empty when the robot was deleted: a case outlives its robot. */
  processName: Type.String(),
  title: Type.String(),
  customer: Type.String(),
  phone: Type.String(),
  status: CaseStatusSchema,
  /** Reviewed by an agent. */
  checked: Type.Boolean(),
  source: Type.Union(CASE_SOURCES.map((s) => Type.Literal(s))),
  form: CaseFormValuesSchema,
  /** The conversation it came from; null for a case opened by hand. */
  sessionId: Type.Union([Type.Null(), IdSchema]),
  teamId: Type.Union([Type.Null(), IdSchema]),
  teamName: Type.String(),
  /** The agent it is given to. */
  assigneeId: Type.Union([Type.Null(), IdSchema]),
  assigneeName: Type.String(),
  notes: Type.String(),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
  closedAt: Type.Union([Type.Null(), IsoDateSchema]),
});
export type Case = Static<typeof CaseSchema>;

/**
 * `GET /v1/case`: filters by robot, team, assignee, status, creation time (`from` inclusive, `to` exclusive)
 * and a search over title, customer, phone and the collected fields. Agents see the cases of their teams and
 * those given to them.
 */
export const ListCasesQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    keyword: Type.Optional(Type.String({ maxLength: CASE_LIMITS.keywordMax })),
    processId: Type.Optional(IdSchema),
    teamId: Type.Optional(IdSchema),
    assigneeId: Type.Optional(IdSchema),
    status: Type.Optional(CaseStatusSchema),
    from: Type.Optional(IsoDateSchema),
    to: Type.Optional(IsoDateSchema),
  }),
]);
export type ListCasesQuery = Static<typeof ListCasesQuerySchema>;
export const CaseListResponseSchema = PageSchema(CaseSchema);
export type CaseListResponse = Static<typeof CaseListResponseSchema>;

/** One page of the cases the caller may see, newest first. */
export const ListCases = endpoint({
  method: 'GET',
  path: '/v1/case',
  query: ListCasesQuerySchema,
  response: CaseListResponseSchema,
});

/** `POST /v1/case`: a person opens a case by hand (from a conversation, or none). */
export const CreateCaseBodySchema = Type.Object({
  processId: IdSchema,
  title: Type.String({ minLength: 1, maxLength: CASE_LIMITS.titleMax }),
  customer: Type.Optional(Type.String({ maxLength: CASE_LIMITS.customerMax })),
  phone: Type.Optional(Type.String({ maxLength: CASE_LIMITS.phoneMax })),
  form: Type.Optional(CaseFormValuesSchema),
  sessionId: Type.Optional(IdSchema),
  notes: Type.Optional(Type.String({ maxLength: CASE_LIMITS.notesMax })),
});
export type CreateCaseBody = Static<typeof CreateCaseBodySchema>;
export const CreateCase = endpoint({
  method: 'POST',
  path: '/v1/case',
  body: CreateCaseBodySchema,
  response: CaseSchema,
});

export const CaseParamsSchema = Type.Object({ caseId: IdSchema });
export type CaseParams = Static<typeof CaseParamsSchema>;
export const GetCase = endpoint({
  method: 'GET',
  path: '/v1/case/{caseId}',
  params: CaseParamsSchema,
  response: CaseSchema,
});

/**
 * `PUT /v1/case/{caseId}`: moves a case along (status), gives it to an agent (`assigneeId`; null takes it
 * back), keeps notes, marks it checked.
 */
export const UpdateCaseBodySchema = Type.Object({
  status: Type.Optional(CaseStatusSchema),
  assigneeId: Type.Optional(Type.Union([Type.Null(), IdSchema])),
  notes: Type.Optional(Type.String({ maxLength: CASE_LIMITS.notesMax })),
  checked: Type.Optional(Type.Boolean()),
});
export type UpdateCaseBody = Static<typeof UpdateCaseBodySchema>;
export const UpdateCase = endpoint({
  method: 'PUT',
  path: '/v1/case/{caseId}',
  params: CaseParamsSchema,
  body: UpdateCaseBodySchema,
  response: CaseSchema,
});

/** One question and answer of a case's conversation. */
export const CaseMessageSchema = Type.Object({
  id: IdSchema,
  question: Type.String(),
  answer: Type.String(),
  createdAt: IsoDateSchema,
});
export type CaseMessage = Static<typeof CaseMessageSchema>;

export const CaseIdQuerySchema = Type.Object({ caseId: IdSchema });

/** `GET /v1/case/completions/byCaseId`: the messages of a case's conversation, oldest first (paged). */
export const CaseCompletionsQuerySchema = Type.Composite([PageQuerySchema, CaseIdQuerySchema]);
export type CaseCompletionsQuery = Static<typeof CaseCompletionsQuerySchema>;
export const ListCaseCompletions = endpoint({
  method: 'GET',
  path: '/v1/case/completions/byCaseId',
  query: CaseCompletionsQuerySchema,
  response: PageSchema(CaseMessageSchema),
});

/**
 * The stages of a case's conversation: what the visitor asked before giving details (enquiry), the turns
 * that gave the case's fields (collection), and what followed the opening (followUp). Empty stages are left out.
 */
export const CASE_STAGES = ['enquiry', 'collection', 'followUp'] as const;
export type CaseStage = (typeof CASE_STAGES)[number];
export const CaseSplitSchema = Type.Object({
  caseId: IdSchema,
  stages: Type.Array(
    Type.Object({
      stage: Type.Union(CASE_STAGES.map((s) => Type.Literal(s))),
      messages: Type.Array(CaseMessageSchema),
    }),
  ),
});
export type CaseSplit = Static<typeof CaseSplitSchema>;
export const SplitCase = endpoint({
  method: 'GET',
  path: '/v1/case/split',
  query: CaseIdQuerySchema,
  response: CaseSplitSchema,
});
