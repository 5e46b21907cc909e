import { isUniqueViolation, type Database } from '../db/database';
import { isoNow } from '../lib/clock';
import { hashPassword } from '../lib/password';
import { ReasonError, rowList } from '../knowledge/reasons';
import type { TableFileReader } from '../knowledge/parse-pool';
import { JobStopped, type JobHandler, type JobOutcome } from '../jobs/worker';
import { markJobDone } from '../plugins/app/jobs/jobs-repository';
import type { UploadFiles } from '../plugins/app/uploads/upload-files';
import type { Repositories } from '../plugins/app/repositories';
import { checkUsersFile } from './import/check';
import { SheetRefused, type SheetUser } from './import/sheet';
import { sweepUsersUploads, type UsersImportPayload } from './import/upload';
import { insertUsers, type ReadyUser } from '../plugins/app/users/users-import-store';

type Dependencies = { db: Database; repos: Repositories; files: UploadFiles; parser: Pick<TableFileReader, 'grid'> };

/** Passwords hashed at a time: the scrypt calls share libuv's pool of 4 threads. */
const HASHING = 4;
/** Progress once the file is read and checked; hashing takes it to HASHED, the insert to 1. */
const CHECKED = 0.05;
const HASHED = 0.95;

const failedRows = (users: SheetUser[]) =>
  new ReasonError(
    'USERS_IMPORT_ROWS_INVALID',
    rowList(users.filter((user) => user.problems.length > 0).map((user) => user.row)),
  );

/**
 * The importUsers job: reads the stored file again in a parser process (the task survives a restart) and
 * checks every row as the request did, against the users that exist now; hashes the passwords as user
 * creation does (stepping: progress, cancel), then creates every user in one transaction, which also marks
 * the task done — all of them or none. The stored file goes when the task ends, and stays for the next run
 * when the server stops under it.
 */
export function usersImportHandler({ db, repos, files, parser }: Dependencies): JobHandler {
  return async (job, run): Promise<JobOutcome> => {
    const payload = JSON.parse(job.payload) as UsersImportPayload;
    const ended = async () => {
      await files.remove(payload.storageKey).catch(() => undefined);
      await sweepUsersUploads(repos, files).catch(() => 0);
    };
    try {
      let users: SheetUser[];
      try {
        users = await checkUsersFile(
          { db, parser },
          job.tenantId,
          payload.type,
          { path: files.pathOf(payload.storageKey) },
          { signal: run.signal },
        );
      } catch (error) {
        // The request read this file already: a sheet refused now was changed on disk.
        if (error instanceof SheetRefused) throw new ReasonError('FILE_CORRUPT');
        throw error;
      }
      if (users.some((user) => user.problems.length > 0)) throw failedRows(users);
      await run.step(CHECKED);

      const ready: ReadyUser[] = [];
      for (let i = 0; i < users.length; i += HASHING) {
        const batch = users.slice(i, i + HASHING);
        const hashes = await Promise.all(batch.map((user) => hashPassword(user.password)));
        batch.forEach((user, j) =>
          ready.push({
            username: user.username,
            nickname: user.nickname,
            phone: user.phone,
            passwordHash: hashes[j] as string,
            role: user.role!,
            isAgent: user.isAgent ?? user.role === 'agent',
          }),
        );
        await run.step(CHECKED + ((HASHED - CHECKED) * ready.length) / users.length);
      }

      // No step inside: a step's heartbeat writes through `db`, which waits for this transaction on SQLite.
      const stopIfCancelled = () => {
        if (run.signal.aborted) throw new JobStopped('lost');
      };
      let marked: boolean;
      try {
        marked = await db.transaction().execute(async (trx) => {
          await insertUsers(trx, job.tenantId, ready, isoNow(), stopIfCancelled);
          // Not this run's job any more (cancelled meanwhile): roll the users back.
          if (!(await markJobDone(trx, run.job))) throw new JobStopped('lost');
          return true;
        });
      } catch (error) {
        // A username taken between the check and the insert (by another import or creation): nobody is created.
        if (isUniqueViolation(error)) throw new ReasonError('USERS_IMPORT_ROWS_INVALID');
        throw error;
      }
      await ended();
      return marked ? 'done' : 'lost';
    } catch (error) {
      const stopped = error instanceof JobStopped || run.signal.aborted;
      if (!stopped || (await repos.jobs.byId(job.id))?.status === 'cancelled') await ended();
      throw error;
    }
  };
}
