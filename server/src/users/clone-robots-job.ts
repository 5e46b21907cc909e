import type { Database } from '../db/database';
import { scoped } from '../db/scoped';
import { storedReason } from '../knowledge/reasons';
import { JobStopped, type JobHandler, type JobOutcome } from '../jobs/worker';
import { insertJob, markJobDone, saveJobProgress, type Job } from '../plugins/app/jobs/jobs-repository';
import { cloneRobot, copyName } from '../plugins/app/processes/processes-repository';
import type { Repositories } from '../plugins/app/repositories';

/**
 * What a cloneRobots job works on: the robots and users chosen. Pair k is robot
 * `processIds[k / userIds.length]` for user `userIds[k % userIds.length]`.
 */
export type CloneRobotsPayload = { processIds: string[]; userIds: string[] };
/**
 * How many pairs are done (and how many of those were skipped), written in the transaction of each copy, so a
 * restart goes on from the next pair and copies none twice.
 */
type CloneRobotsCheckpoint = { done?: number; skipped?: number };

/** Queues the job (the caller has checked every id is the tenant's). */
export function queueCloneRobots(
  db: Database,
  tenantId: string,
  input: { userId: string; title: string; processIds: string[]; userIds: string[] },
): Promise<Job> {
  const payload: CloneRobotsPayload = { processIds: input.processIds, userIds: input.userIds };
  return db.transaction().execute((trx) =>
    insertJob(trx, tenantId, {
      userId: input.userId,
      type: 'cloneRobots',
      title: input.title,
      datasetId: null,
      fileId: null,
      payload,
    }),
  );
}

/** A stopped run: a transaction that finds its job gone rolls back its copy. */
class RunLost extends Error {}

type Dependencies = { db: Database; repos: Repositories };

/**
 * The cloneRobots job: copies each chosen robot for each chosen user, one transaction per copy (the copy and
 * the count of pairs done together: whole or absent, never twice). Progress per copy; a cancel stops between
 * copies (or rolls back the one under way). A robot or user deleted meanwhile is skipped and counted in the
 * task's note.
 */
export function cloneRobotsHandler({ db }: Dependencies): JobHandler {
  return async (job, run): Promise<JobOutcome> => {
    const { processIds, userIds } = JSON.parse(job.payload) as CloneRobotsPayload;
    const checkpoint = JSON.parse(job.checkpoint) as CloneRobotsCheckpoint;
    const total = processIds.length * userIds.length;
    let done = checkpoint.done ?? 0;
    let skipped = checkpoint.skipped ?? 0;
    while (done < total) {
      await run.step(done / total);
      const processId = processIds[Math.floor(done / userIds.length)]!;
      const userId = userIds[done % userIds.length]!;
      let copied: boolean;
      try {
        copied = await db.transaction().execute(async (trx) => {
          const owner = await scoped(trx, job.tenantId)
            .selectFrom('users')
            .select(['username', 'nickname'])
            .where('id', '=', userId)
            .executeTakeFirst();
          const ownerName = owner && (owner.nickname.trim() || owner.username);
          const copy =
            ownerName === undefined
              ? undefined
              : await cloneRobot(trx, job.tenantId, processId, {
                  adminId: userId,
                  name: (name) => copyName(name, ` (${ownerName})`),
                });
          const next = { done: done + 1, skipped: skipped + (copy === undefined ? 1 : 0) };
          if (!(await saveJobProgress(trx, job, next, next.done / total))) throw new RunLost();
          return copy !== undefined;
        });
      } catch (error) {
        if (error instanceof RunLost) throw new JobStopped('lost');
        throw error;
      }
      done++;
      if (!copied) skipped++;
    }
    const note = skipped > 0 ? storedReason('CLONES_SKIPPED', String(skipped)) : null;
    return (await db.transaction().execute((trx) => markJobDone(trx, run.job, note))) ? 'done' : 'lost';
  };
}
