import type { Database } from '../../db/database';
import type { AnswerEngine } from '../../engine/answer-engine';
import type { JobHandler } from '../../jobs/worker';
import { ReasonError } from '../../knowledge/reasons';
import type { Repositories } from '../../plugins/app/repositories';

type Dependencies = { db: Database; repos: Repositories; answers: AnswerEngine };

/** The analyzeCaseFile job: runs a robot over a case file's questions into a file report (docs/case-files.md). */
export function analyzeCaseFileHandler(_deps: Dependencies): JobHandler {
  return async () => {
    throw new ReasonError('JOB_FAILED');
  };
}
