import {
  USER_IMPORT_LIMITS,
  type Locale,
  type UserImportPreviewResponse,
  type UserImportRow,
} from '@flotilla/shared/contracts';
import type { Database } from '../../db/database';
import type { ParseOptions, TableFileReader } from '../../knowledge/parse-pool';
import type { StoredFile } from '../../knowledge/parse-process';
import { message } from '../../lib/messages';
import { existingUsers } from '../../plugins/app/users/users-import-store';
import { sheetUsers, type SheetUser } from './sheet';

/** What checking a users file needs: the database and the parser processes. */
export type CheckDependencies = { db: Database; parser: Pick<TableFileReader, 'grid'> };

/**
 * Every user row of a csv or xlsx file with its problems: read in a parser process (never on the server's
 * thread), checked alone, then against the users that exist. Throws SheetRefused or the parser's ReasonError
 * when the file as a whole cannot be taken.
 */
export async function checkUsersFile(
  { db, parser }: CheckDependencies,
  tenantId: string,
  type: 'csv' | 'xlsx',
  file: Uint8Array | StoredFile,
  options?: ParseOptions,
): Promise<SheetUser[]> {
  const grid = await parser.grid(type, file, USER_IMPORT_LIMITS.rows, options);
  const users = sheetUsers(grid);
  // Only rows without problems so far are asked about.
  const clean = users.filter((user) => user.problems.length === 0);
  const taken = await existingUsers(
    db,
    tenantId,
    clean.map((user) => user.username),
    clean.map((user) => user.barePhone),
  );
  for (const user of clean) {
    if (taken.usernames.has(user.username)) user.problems.push({ key: 'USERS_IMPORT_USERNAME_TAKEN' });
    if (taken.phones.has(user.barePhone)) user.problems.push({ key: 'USERS_IMPORT_PHONE_TAKEN' });
  }
  return users;
}

/** A row's problems in the reader's language (a repeat names the row it repeats). */
export function rowErrors(user: SheetUser, locale: Locale): string[] {
  return user.problems.map((problem) =>
    problem.row === undefined ? message(problem.key, locale) : `${message(problem.key, locale)} ${problem.row}`,
  );
}

/** The preview's answer: every row in sheet order with its errors, and the counts. */
export function previewOf(users: SheetUser[], locale: Locale): UserImportPreviewResponse {
  const rows: UserImportRow[] = users.map((user) => ({
    row: user.row,
    username: user.username,
    phone: user.phone,
    errors: rowErrors(user, locale),
  }));
  const invalid = rows.filter((row) => row.errors.length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
}
