import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common';
import { endpoint } from './endpoint';
import { TaskSchema } from './tasks';

/** How many robots and users one batch clone takes (at most 50 × 1,000 copies). */
export const CLONE_BATCH_LIMITS = { robots: 50, users: 1000 } as const;

/** `POST /v1/processes/clone/batch`: every chosen robot is copied once for every chosen user (repeats count once). */
export const CloneRobotsBatchBodySchema = Type.Object({
  processIds: Type.Array(IdSchema, { minItems: 1, maxItems: CLONE_BATCH_LIMITS.robots }),
  userIds: Type.Array(IdSchema, { minItems: 1, maxItems: CLONE_BATCH_LIMITS.users }),
});
export type CloneRobotsBatchBody = Static<typeof CloneRobotsBatchBodySchema>;

/**
 * Queues a `cloneRobots` task that gives each chosen user their own copy of each chosen robot (admin only).
 * Every id must be the tenant's (404 otherwise, nothing queued). Each copy is whole or absent; the task
 * answers with its progress in the task list.
 */
export const CloneRobotsBatch = endpoint({
  method: 'POST',
  path: '/v1/processes/clone/batch',
  body: CloneRobotsBatchBodySchema,
  response: TaskSchema,
});
