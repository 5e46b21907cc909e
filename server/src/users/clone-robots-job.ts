import type { Database } from '../db/database';
import { ReasonError } from '../knowledge/reasons';
import type { JobHandler } from '../jobs/worker';
import type { Repositories } from '../plugins/app/repositories';

type Dependencies = { db: Database; repos: Repositories };

/** The cloneRobots job: copies chosen robots to chosen users, each copy whole or absent. */
export function cloneRobotsHandler(_deps: Dependencies): JobHandler {
  return async () => {
    throw new ReasonError('JOB_FAILED');
  };
}
