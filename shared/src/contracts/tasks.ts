import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';

/**
 * Background jobs, shown to users as tasks: parsing a file, re-indexing it, importing QA pairs, importing a
 * large csv/xlsx file into a built-in database's table, importing users from a spreadsheet, cloning robots
 * to other users, running a robot over a case file (analysis), comparing robots over a question set.
 */
export const TASK_TYPES = [
  'parseFile',
  'reindexFile',
  'importQa',
  'importTable',
  'importUsers',
  'cloneRobots',
  'analyzeCaseFile',
  'compareRobots',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const TASK_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TaskSchema = Type.Object({
  id: IdSchema,
  type: Type.Union(TASK_TYPES.map((t) => Type.Literal(t))),
  status: Type.Union(TASK_STATUSES.map((s) => Type.Literal(s))),
  /** 0..1 */
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  /** Why it failed, in the request's language. */
  error: Type.Optional(Type.String()),
  /** What it works on, for the task list: the file's name. */
  title: Type.String(),
  datasetId: Type.Union([Type.Null(), IdSchema]),
  fileId: Type.Union([Type.Null(), IdSchema]),
  /** The built-in database an importTable task writes to; null for every other type. */
  databaseId: Type.Union([Type.Null(), IdSchema]),
  attempts: Type.Integer({ minimum: 0 }),
  createdAt: IsoDateSchema,
  updatedAt: IsoDateSchema,
});
export type Task = Static<typeof TaskSchema>;

/** `GET /v1/tasks`: the caller's jobs (admins: the tenant's), newest first. */
export const ListTasksQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ status: Type.Optional(Type.Union(TASK_STATUSES.map((s) => Type.Literal(s)))) }),
]);
export type ListTasksQuery = Static<typeof ListTasksQuerySchema>;
export const TaskListResponseSchema = PageSchema(TaskSchema);
export type TaskListResponse = Static<typeof TaskListResponseSchema>;

/** `POST /v1/tasks/{id}/retry` (failed or cancelled) and `/cancel` (queued or running). */
export const TaskParamsSchema = Type.Object({ id: IdSchema });
export type TaskParams = Static<typeof TaskParamsSchema>;

/** One page of the caller's background jobs (admins: the tenant's), newest first. */
export const ListTasks = endpoint({
  method: 'GET',
  path: '/v1/tasks',
  query: ListTasksQuerySchema,
  response: TaskListResponseSchema,
});
/** Stops a queued or running job; answers the job. */
export const CancelTask = endpoint({
  method: 'POST',
  path: '/v1/tasks/{id}/cancel',
  params: TaskParamsSchema,
  response: TaskSchema,
});
/** Queues a failed or cancelled job again; answers the job. */
export const RetryTask = endpoint({
  method: 'POST',
  path: '/v1/tasks/{id}/retry',
  params: TaskParamsSchema,
  response: TaskSchema,
});
