import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CloneRobotsBatch } from '@flotilla/shared/contracts';
import { notFound } from '../../lib/app-error';
import { queueCloneRobots } from '../../users/clone-robots-job';
import { ADMINS } from '../access';
import { route } from '../endpoint-route';
import { toTask } from '../tasks/index';

/** A task's title: the first robots' names, then how many users get them. */
function titleOf(names: string[], users: number): string {
  const shown = names.slice(0, 3).join(', ');
  return `${names.length > 3 ? `${shown} +${names.length - 3}` : shown} × ${users}`;
}

/** Cloning chosen robots to chosen users, as a task. */
const cloneBatchRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { processes, users } = fastify.repos;

  route(fastify, CloneRobotsBatch, {
    config: { auth: ADMINS },
    tags: ['robots'],
    summary:
      "Copy each chosen robot for each chosen user as a cloneRobots task (every id the tenant's, else 404 and nothing queued)",
    handler: async (request) => {
      const { tenantId, userId } = request.auth;
      // A repeated id counts once.
      const processIds = [...new Set(request.body.processIds)];
      const userIds = [...new Set(request.body.userIds)];
      const robots = await processes.getMany(tenantId, processIds);
      if (robots.length !== processIds.length) throw notFound('ROBOT_NOT_FOUND');
      if ((await users.missing(tenantId, userIds)).length > 0) throw notFound('USER_NOT_FOUND');
      const job = await queueCloneRobots(fastify.db, tenantId, {
        userId,
        title: titleOf(
          robots.map((robot) => robot.name),
          userIds.length,
        ),
        processIds,
        userIds,
      });
      fastify.jobs.wake();
      return toTask(job, request.locale);
    },
  });
};

export default cloneBatchRoutes;
