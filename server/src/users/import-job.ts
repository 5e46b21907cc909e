import type { Database } from '../db/database';
import { ReasonError } from '../knowledge/reasons';
import type { JobHandler } from '../jobs/worker';
import type { UploadFiles } from '../plugins/app/uploads/upload-files';
import type { Repositories } from '../plugins/app/repositories';

type Dependencies = { db: Database; repos: Repositories; files: UploadFiles };

/** The importUsers job: creates every user of a checked spreadsheet, or none. */
export function usersImportHandler(_deps: Dependencies): JobHandler {
  return async () => {
    throw new ReasonError('JOB_FAILED');
  };
}
