import type { Database } from '../../db/database';
import type { AnswerEngine } from '../../engine/answer-engine';
import { JobStopped, type JobHandler, type JobOutcome } from '../../jobs/worker';
import { ReasonError } from '../../knowledge/reasons';
import { AppError } from '../../lib/app-error';
import type { CaseAnalysisPayload } from '../../plugins/app/cases/case-files-repository';
import type { ChatAccess } from '../../plugins/app/chats/chats-repository';
import { markJobDone, saveJobProgress } from '../../plugins/app/jobs/jobs-repository';
import type { Repositories } from '../../plugins/app/repositories';

type Dependencies = { db: Database; repos: Repositories; answers: AnswerEngine };

/** How many questions are answered and written: recorded in the transaction of each result. */
type AnalysisCheckpoint = { done?: number };

/** A stopped run: a transaction that finds its job gone rolls back its result. */
class RunLost extends Error {}

/**
 * The analyzeCaseFile job (docs/case-files.md): the robot answers each question of the file as it answers
 * visitors (charged, not stored as a conversation). Each result is written with the count of questions
 * done in one transaction, so a cancelled, retried or restarted run goes on from the next question and
 * answers none twice. The totals are written with the job's end.
 */
export function analyzeCaseFileHandler({ db, repos, answers }: Dependencies): JobHandler {
  return async (job, run): Promise<JobOutcome> => {
    const { reportId, locale } = JSON.parse(job.payload) as CaseAnalysisPayload;
    const target = await repos.caseFiles.analysisTarget(job.tenantId, reportId);
    if (!target) throw new ReasonError('FILE_NOT_FOUND');
    const rows = await repos.caseFiles.rows(job.tenantId, target.fileId);
    if (!rows) throw new ReasonError('FILE_NOT_FOUND');
    const robot = await repos.processes.get(job.tenantId, target.processId);
    if (!robot) throw new ReasonError('ROBOT_NOT_FOUND');
    const access: ChatAccess = {
      tenantId: job.tenantId,
      processId: robot.processId,
      adminId: robot.adminId,
      userId: target.createdBy,
      channel: 'staff',
    };
    const total = rows.length;
    let done = (JSON.parse(job.checkpoint) as AnalysisCheckpoint).done ?? 0;
    while (done < total) {
      await run.step(done / total);
      const row = rows[done]!;
      let answer;
      try {
        answer = await answers.evaluate(access, { question: row.question, locale }, run.signal);
      } catch (error) {
        // No credits left: the task fails; a retry after a recharge goes on from this question.
        if (error instanceof AppError && error.code === 'INSUFFICIENT_CREDITS')
          throw new ReasonError('INSUFFICIENT_CREDITS');
        throw error;
      }
      await run.step();
      try {
        await db.transaction().execute(async (trx) => {
          await repos.caseFiles.saveResult(trx, job.tenantId, reportId, {
            position: row.position,
            question: row.question,
            expected: row.expected,
            answer: answer.answer,
            citations: answer.citations,
            fallback: answer.fallback,
            latencyMs: answer.latencyMs,
            errorCode: answer.errorCode,
          });
          if (!(await saveJobProgress(trx, job, { done: done + 1 }, (done + 1) / total))) throw new RunLost();
        });
      } catch (error) {
        if (error instanceof RunLost) throw new JobStopped('lost');
        throw error;
      }
      done++;
    }
    try {
      await db.transaction().execute(async (trx) => {
        await repos.caseFiles.finishReport(trx, job.tenantId, reportId);
        if (!(await markJobDone(trx, run.job))) throw new RunLost();
      });
    } catch (error) {
      if (error instanceof RunLost) return 'lost';
      throw error;
    }
    return 'done';
  };
}
