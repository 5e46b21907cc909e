import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CancelTask, ListTasks, RetryTask, type Locale, type Task } from '@flotilla/shared/contracts';
import { reasonText } from '../../knowledge/reasons';
import { databaseIdOf, type Job, type JobReader } from '../../plugins/app/jobs/jobs-repository';
import { STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['tasks'];

/** A job as the task calls answer it. */
export function toTask(job: Job, locale: Locale): Task {
  return {
    id: job.id,
    type: job.type,
    status: job.status,
    progress: Math.min(1, Math.max(0, Number(job.progress))),
    ...(job.error !== null ? { error: reasonText(job.error, locale) } : {}),
    title: job.title,
    datasetId: job.datasetId,
    fileId: job.fileId,
    databaseId: databaseIdOf(job),
    attempts: job.attempts,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
  };
}

/** Admins reach every job of their tenant; anyone else the jobs they started (others' answer 404). */
const readerOf = (request: FastifyRequest): JobReader => ({
  tenantId: request.auth.tenantId,
  userId: request.auth.userId,
  admin: request.auth.role === 'admin',
});

/** The task centre: background jobs — parsing, re-indexing, imports — with progress, cancel and retry. */
const tasksRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { jobs } = fastify.repos;

  route(fastify, ListTasks, {
    config: { auth: STAFF },
    tags,
    summary: "The caller's background jobs, newest first (admins: all of the tenant's); paged, `status` filter",
    handler: async (request) => {
      const page = await jobs.list(readerOf(request), request.query);
      return { list: page.list.map((job) => toTask(job, request.locale)), total: page.total };
    },
  });

  route(fastify, CancelTask, {
    config: { auth: STAFF },
    tags,
    summary:
      'Cancel a queued or running job (a running one stops at its next step, writing nothing); 409 CONFLICT once it has ended',
    handler: async (request) => toTask(await jobs.cancel(readerOf(request), request.params.id), request.locale),
  });

  route(fastify, RetryTask, {
    config: { auth: STAFF },
    tags,
    summary:
      'Queue a failed or cancelled job again; 409 CONFLICT while it is queued or running, or while another job works on its file',
    handler: async (request) => {
      const task = toTask(await jobs.retry(readerOf(request), request.params.id), request.locale);
      fastify.jobs.wake();
      return task;
    },
  });
};

export default tasksRoutes;
