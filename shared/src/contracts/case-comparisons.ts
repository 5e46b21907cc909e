import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, OkSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';
import { TotalSchema } from './cases';

/** Bounds of a comparison (docs/comparisons.md). */
export const COMPARISON_LIMITS = {
  questionsMax: 500,
  questionMax: 1000,
  expectedMax: 4000,
  nameMax: 100,
  keywordMax: 100,
} as const;

/**
 * A comparison's life: waiting for the worker (queued), answering (running), every question answered and
 * scored (done), stopped by an error or a cancel (failed).
 */
export const COMPARISON_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ComparisonStatus = (typeof COMPARISON_STATUSES)[number];
export const ComparisonStatusSchema = Type.Union(COMPARISON_STATUSES.map((s) => Type.Literal(s)));

/** One question of a set and the answer expected from the robot. */
export const ComparisonQuestionSchema = Type.Object({
  question: Type.String({ minLength: 1, maxLength: COMPARISON_LIMITS.questionMax }),
  expected: Type.String({ maxLength: COMPARISON_LIMITS.expectedMax }),
});
export type ComparisonQuestion = Static<typeof ComparisonQuestionSchema>;

/**
 * `POST /v1/case/comparison/start`: runs a question set against a robot (and, with `compareProcessId`, a second
 * one beside it). The set is either `questions` or a case file's (`fileId`): exactly one of the two.
 */
export const StartComparisonBodySchema = Type.Object({
  processId: IdSchema,
  compareProcessId: Type.Optional(IdSchema),
  questions: Type.Optional(
    Type.Array(ComparisonQuestionSchema, { minItems: 1, maxItems: COMPARISON_LIMITS.questionsMax }),
  ),
  fileId: Type.Optional(IdSchema),
  name: Type.Optional(Type.String({ maxLength: COMPARISON_LIMITS.nameMax })),
});
export type StartComparisonBody = Static<typeof StartComparisonBodySchema>;

/** `{ id }`: what start and restart answer. */
export const ComparisonIdSchema = Type.Object({ id: IdSchema });
export type ComparisonId = Static<typeof ComparisonIdSchema>;

/** A score of 0..1; null while the comparison is not done (and for a robot that is not compared). */
const ScoreSchema = Type.Union([Type.Null(), Type.Number({ minimum: 0, maximum: 1 })]);

/** A comparison as the list shows it. */
export const ComparisonSummarySchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  status: ComparisonStatusSchema,
  processId: IdSchema,
  /** Empty when the robot was deleted: a comparison outlives its robots. */
  processName: Type.String(),
  compareProcessId: Type.Union([Type.Null(), IdSchema]),
  compareProcessName: Type.String(),
  /** Mean score of the robot's answers, once done. */
  score: ScoreSchema,
  /** Mean score of the second robot's answers, once done (null without a second robot). */
  compareScore: ScoreSchema,
  questionCount: Type.Integer({ minimum: 0 }),
  answeredCount: Type.Integer({ minimum: 0 }),
  /** Questions where the robot scored higher than the second robot (better) or lower (worse). */
  betterCount: Type.Integer({ minimum: 0 }),
  worseCount: Type.Integer({ minimum: 0 }),
  /** 0..1: answered questions over all. */
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  /** Why it failed, in the request's language. */
  error: Type.Optional(Type.String()),
  createdAt: IsoDateSchema,
  finishedAt: Type.Union([Type.Null(), IsoDateSchema]),
});
export type ComparisonSummary = Static<typeof ComparisonSummarySchema>;

/** One answered question: both answers and their scores (0..1) against the expected answer. */
export const ComparisonItemSchema = Type.Object({
  position: Type.Integer({ minimum: 0 }),
  question: Type.String(),
  expected: Type.String(),
  answer: Type.String(),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  compareAnswer: Type.Optional(Type.String()),
  compareScore: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
});
export type ComparisonItem = Static<typeof ComparisonItemSchema>;

/** `POST /v1/case/comparison/detail`: the comparison and its answered questions, in the set's order. */
export const ComparisonDetailSchema = Type.Composite([
  ComparisonSummarySchema,
  Type.Object({ items: Type.Array(ComparisonItemSchema) }),
]);
export type ComparisonDetail = Static<typeof ComparisonDetailSchema>;

/** `GET /v1/case/comparison/list`: newest first, filtered by robot, status and a word of the name. */
export const ListComparisonsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    processId: Type.Optional(IdSchema),
    status: Type.Optional(ComparisonStatusSchema),
    keyword: Type.Optional(Type.String({ maxLength: COMPARISON_LIMITS.keywordMax })),
  }),
]);
export type ListComparisonsQuery = Static<typeof ListComparisonsQuerySchema>;
export const ComparisonListResponseSchema = PageSchema(ComparisonSummarySchema);
export type ComparisonListResponse = Static<typeof ComparisonListResponseSchema>;

export const ComparisonParamsSchema = Type.Object({ id: IdSchema });
export type ComparisonParams = Static<typeof ComparisonParamsSchema>;

/** Queues a comparison of a robot (and maybe a second) over a question set; answers its id. */
export const StartComparison = endpoint({
  method: 'POST',
  path: '/v1/case/comparison/start',
  body: StartComparisonBodySchema,
  response: ComparisonIdSchema,
});
/** A comparison with its answered questions, side by side. */
export const GetComparisonDetail = endpoint({
  method: 'POST',
  path: '/v1/case/comparison/detail',
  body: ComparisonIdSchema,
  response: ComparisonDetailSchema,
});
/** Runs a comparison again: a failed one goes on from its last answered question, a done one starts over. */
export const RestartComparison = endpoint({
  method: 'POST',
  path: '/v1/case/comparison/restart',
  body: ComparisonIdSchema,
  response: ComparisonIdSchema,
});
/** How many comparisons the tenant has. */
export const CountComparisons = endpoint({
  method: 'GET',
  path: '/v1/case/comparison/total',
  response: TotalSchema,
});
/** One page of the tenant's comparisons, newest first. */
export const ListComparisons = endpoint({
  method: 'GET',
  path: '/v1/case/comparison/list',
  query: ListComparisonsQuerySchema,
  response: ComparisonListResponseSchema,
});
/** Deletes a comparison, cancelling its job first when it runs. */
export const DeleteComparison = endpoint({
  method: 'DELETE',
  path: '/v1/case/comparison/delete/{id}',
  params: ComparisonParamsSchema,
  response: OkSchema,
});
