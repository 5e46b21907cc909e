import type { Locale } from '@flotilla/shared/contracts';
import type { Database } from '../../db/database';
import { scoped } from '../../db/scoped';
import type { AnswerEngine } from '../../engine/answer-engine';
import { JobStopped, type JobHandler, type JobOutcome } from '../../jobs/worker';
import { ReasonError } from '../../knowledge/reasons';
import { AppError } from '../../lib/app-error';
import { isoNow } from '../../lib/clock';
import type { ChatAccess } from '../../plugins/app/chats/chats-repository';
import type { ComparisonPayload } from '../../plugins/app/cases/comparisons-repository';
import { markJobDone, saveJobProgress, type Job } from '../../plugins/app/jobs/jobs-repository';
import type { Repositories } from '../../plugins/app/repositories';
import { builtinScore, judgeQuestion, JUDGE_INSTRUCTIONS, parseJudgeScore } from './scoring';

type Dependencies = { db: Database; repos: Repositories; answers: AnswerEngine };

/** How many questions are answered, written with each answer: where a restarted run goes on from. */
type ComparisonCheckpoint = { answered: number };

/** A robot as the job asks it: who pays its answers, and the model that judges them. */
type Contestant = { access: ChatAccess; model: string };

/** A failure the comparison shows with its own message (the robot is gone, the owner's credits ran out). */
class ComparisonFailure extends Error {
  constructor(readonly code: 'ROBOT_NOT_FOUND' | 'INSUFFICIENT_CREDITS') {
    super(code);
  }
}

/** A stopped run: a transaction that finds its job gone (cancelled, deleted, claimed again) rolls back. */
class RunLost extends Error {}

/**
 * The compareRobots job: asks each unanswered question of the comparison to its robot (and the second one),
 * scores each answer against the expected one, and writes the question's answers with the job's checkpoint in
 * one transaction, so a killed run goes on from the next question and answers none twice. At the end, the
 * aggregates (means, better/worse counts) are written with the job's end. A cancel stops between questions.
 */
export function compareRobotsHandler({ db, repos, answers }: Dependencies): JobHandler {
  const contestant = async (job: Job, processId: string, userId: string): Promise<Contestant> => {
    const [robot, basic] = await Promise.all([
      repos.processes.get(job.tenantId, processId),
      repos.robotConfigs.get(job.tenantId, processId),
    ]);
    if (!robot || !basic) throw new ComparisonFailure('ROBOT_NOT_FOUND');
    return {
      access: { tenantId: job.tenantId, processId, adminId: robot.adminId, userId, channel: 'staff' },
      model: basic.model,
    };
  };

  /** The robot's answer and its score: the robot's model judges when it has one, else (or when it fails) the builtin score. */
  const answerAndScore = async (
    robot: Contestant,
    item: { question: string; expected: string },
    locale: Locale,
    signal: AbortSignal,
  ): Promise<{ answer: string; score: number }> => {
    let evaluated;
    try {
      evaluated = await answers.evaluate(robot.access, { question: item.question, locale }, signal);
    } catch (error) {
      if (error instanceof AppError && (error.code === 'INSUFFICIENT_CREDITS' || error.code === 'ROBOT_NOT_FOUND'))
        throw new ComparisonFailure(error.code);
      throw error;
    }
    const failed = evaluated.errorCode !== null;
    const builtin = builtinScore({
      expected: item.expected,
      answer: evaluated.answer,
      citations: evaluated.citations,
      fallback: evaluated.fallback,
      failed,
    });
    if (failed) return { answer: evaluated.answer, score: 0 };
    let judged: number | undefined;
    try {
      const reply = await answers.completeWith(
        robot.model,
        JUDGE_INSTRUCTIONS,
        judgeQuestion(item.question, item.expected, evaluated.answer),
        locale,
        signal,
      );
      judged = reply && parseJudgeScore(reply.text);
    } catch {
      // The judge is best effort: the builtin score stands.
      judged = undefined;
    }
    return { answer: evaluated.answer, score: judged ?? builtin };
  };

  /** Marks the comparison failed (with `code` to show), if this job still runs it. */
  const markFailed = async (job: Job, comparisonId: string, code: string | null) => {
    await scoped(db, job.tenantId)
      .updateTable('caseComparisons')
      .set({ status: 'failed', error: code, updatedAt: isoNow() })
      .where('id', '=', comparisonId)
      .where('jobId', '=', job.id)
      .execute();
  };

  return async (job, run): Promise<JobOutcome> => {
    const { comparisonId, locale } = JSON.parse(job.payload) as ComparisonPayload;
    const tenant = scoped(db, job.tenantId);
    const comparison = await tenant
      .selectFrom('caseComparisons')
      .select(['processId', 'compareProcessId', 'questionCount', 'createdBy', 'jobId'])
      .where('id', '=', comparisonId)
      .executeTakeFirst();
    // Deleted, or restarted under another job since: nothing left to do.
    if (!comparison || comparison.jobId !== job.id)
      return (await db.transaction().execute((trx) => markJobDone(trx, run.job))) ? 'done' : 'lost';

    try {
      await tenant
        .updateTable('caseComparisons')
        .set({ status: 'running', updatedAt: isoNow() })
        .where('id', '=', comparisonId)
        .where('jobId', '=', job.id)
        .execute();
      const first = await contestant(job, comparison.processId, comparison.createdBy);
      const second = comparison.compareProcessId
        ? await contestant(job, comparison.compareProcessId, comparison.createdBy)
        : undefined;
      const pending = await tenant
        .selectFrom('caseComparisonItems')
        .select(['id', 'question', 'expected'])
        .where('comparisonId', '=', comparisonId)
        .where('answer', 'is', null)
        .orderBy('position')
        .execute();
      const total = Math.max(1, comparison.questionCount);
      let answered = comparison.questionCount - pending.length;

      for (const item of pending) {
        await run.step(answered / total);
        const mine = await answerAndScore(first, item, locale, run.signal);
        const theirs = second && (await answerAndScore(second, item, locale, run.signal));
        const checkpoint: ComparisonCheckpoint = { answered: answered + 1 };
        await db.transaction().execute(async (trx) => {
          const now = isoNow();
          const written = await scoped(trx, job.tenantId)
            .updateTable('caseComparisonItems')
            .set({
              answer: mine.answer,
              score: mine.score,
              compareAnswer: theirs ? theirs.answer : null,
              compareScore: theirs ? theirs.score : null,
              answeredAt: now,
            })
            .where('id', '=', item.id)
            .where('answer', 'is', null)
            .executeTakeFirst();
          if (Number(written.numUpdatedRows) === 0) throw new RunLost();
          await scoped(trx, job.tenantId)
            .updateTable('caseComparisons')
            .set((eb) => ({ answeredCount: eb('answeredCount', '+', 1), updatedAt: now }))
            .where('id', '=', comparisonId)
            .execute();
          if (!(await saveJobProgress(trx, job, checkpoint, checkpoint.answered / total))) throw new RunLost();
        });
        answered++;
      }

      return await db.transaction().execute(async (trx) => {
        const items = await scoped(trx, job.tenantId)
          .selectFrom('caseComparisonItems')
          .select(['score', 'compareScore'])
          .where('comparisonId', '=', comparisonId)
          .execute();
        const mean = (values: number[]) =>
          values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10_000) / 10_000;
        const scores = items.map((item) => Number(item.score ?? 0));
        const compared = second ? items.map((item) => Number(item.compareScore ?? 0)) : [];
        const now = isoNow();
        await scoped(trx, job.tenantId)
          .updateTable('caseComparisons')
          .set({
            status: 'done',
            score: mean(scores),
            compareScore: second ? mean(compared) : null,
            answeredCount: items.length,
            betterCount: second ? scores.filter((s, i) => s > compared[i]!).length : 0,
            worseCount: second ? scores.filter((s, i) => s < compared[i]!).length : 0,
            error: null,
            finishedAt: now,
            updatedAt: now,
          })
          .where('id', '=', comparisonId)
          .where('jobId', '=', job.id)
          .execute();
        if (!(await markJobDone(trx, run.job))) throw new RunLost();
        return 'done' as const;
      });
    } catch (error) {
      if (error instanceof RunLost) throw new JobStopped('lost');
      if (error instanceof JobStopped) throw error;
      if (error instanceof ComparisonFailure) {
        await markFailed(job, comparisonId, error.code);
        throw new ReasonError('JOB_FAILED');
      }
      await markFailed(job, comparisonId, null);
      throw error;
    }
  };
}
