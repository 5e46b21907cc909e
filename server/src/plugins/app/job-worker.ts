import fp from 'fastify-plugin';
import { compareRobotsHandler } from '../../cases/comparisons/comparison-job';
import { analyzeCaseFileHandler } from '../../cases/files/analysis-job';
import { sweepImportUploads, tableImportHandler } from '../../databases/table-import/import-job';
import { ingestHandlers } from '../../jobs/ingest';
import { JobWorker } from '../../jobs/worker';
import { cloneRobotsHandler } from '../../users/clone-robots-job';
import { usersImportHandler } from '../../users/import-job';
import { sweepUsersUploads } from '../../users/import/upload';
import { UploadFiles } from './uploads/upload-files';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background worker: `wake()` after queuing a job; tests `waitFor(jobId)`. */
    jobs: JobWorker;
  }
}

/**
 * The in-process worker of the jobs table: starts when the app is ready (after migrations and
 * every plugin), stops before the database closes — running jobs stop at their next step and go back to the
 * queue. FLOTILLA_JOB_WORKERS=0 runs no jobs in this process (it still takes back jobs of dead processes).
 */
export default fp(
  async (fastify) => {
    const { config } = fastify;
    const worker = new JobWorker({
      repo: fastify.repos.jobs,
      handlers: {
        ...ingestHandlers({
          repos: fastify.repos,
          files: new UploadFiles(config.dataDir),
          embedder: fastify.embedder,
          parser: fastify.parser,
        }),
        importTable: tableImportHandler({
          db: fastify.db,
          repos: fastify.repos,
          files: new UploadFiles(config.dataDir),
          parser: fastify.parser,
        }),
        importUsers: usersImportHandler({
          db: fastify.db,
          repos: fastify.repos,
          files: new UploadFiles(config.dataDir),
          parser: fastify.parser,
        }),
        cloneRobots: cloneRobotsHandler({ db: fastify.db, repos: fastify.repos }),
        analyzeCaseFile: analyzeCaseFileHandler({ db: fastify.db, repos: fastify.repos, answers: fastify.answers }),
        compareRobots: compareRobotsHandler({ db: fastify.db, repos: fastify.repos, answers: fastify.answers }),
      },
      workers: config.jobWorkers,
      heartbeatMs: config.jobHeartbeatMs,
      stepDelayMs: config.jobStepDelayMs,
      clearLeftovers: async (closing) =>
        (await fastify.repos.datasetFiles.purgeLeftovers(closing)) +
        (await sweepImportUploads(fastify.repos, new UploadFiles(config.dataDir))) +
        (await sweepUsersUploads(fastify.repos, new UploadFiles(config.dataDir))),
      log: fastify.log,
    });
    fastify.decorate('jobs', worker);
    fastify.addHook('onReady', async () => {
      worker.start();
    });
    // preClose: before any onClose hook (the database's) runs.
    fastify.addHook('preClose', async () => {
      await worker.stop();
    });
  },
  { name: 'job-worker', dependencies: ['repositories', 'embedder', 'document-parser', 'answer-engine'] },
);
