import { CloneRobotsBatch, request, type CloneRobotsBatchBody, type Task } from '@flotilla/shared';

/** Queues the task that copies each robot for each user; answers the task. Silent: the dialog shows a refusal. */
export function cloneRobots(body: CloneRobotsBatchBody): Promise<Task> {
  return request(CloneRobotsBatch, { body, silent: true });
}
