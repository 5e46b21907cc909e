import type { Database } from '../../db/database';
import type { AnswerEngine } from '../../engine/answer-engine';
import type { JobHandler } from '../../jobs/worker';
import { ReasonError } from '../../knowledge/reasons';
import type { Repositories } from '../../plugins/app/repositories';

type Dependencies = { db: Database; repos: Repositories; answers: AnswerEngine };

/** The compareRobots job: runs a question set against one or two robots and scores each answer (docs/comparisons.md). */
export function compareRobotsHandler(_deps: Dependencies): JobHandler {
  return async () => {
    throw new ReasonError('JOB_FAILED');
  };
}
