import type { Locale } from '@flotilla/shared/contracts';
import { message, type MessageKey } from '../lib/messages';

/** Why a file or a job failed (or what an import skipped): stored as a code, localised when read. */
export const REASONS = [
  'FILE_EMPTY',
  'FILE_ENCRYPTED',
  'FILE_OFFICE_PROTECTED',
  'FILE_CORRUPT',
  'FILE_TOO_COMPLEX',
  'FILE_PARSE_CRASHED',
  'FILE_UNSUPPORTED',
  'FILE_NOT_UTF8',
  'FILE_ORIGINAL_MISSING',
  'FILE_NOT_FOUND',
  'QA_COLUMNS_MISSING',
  'QA_NO_VALID_ROWS',
  'QA_ROWS_SKIPPED',
  'IMPORT_TOO_MANY_ROWS',
  'USERS_IMPORT_ROWS_INVALID',
  'TASK_CANCELLED',
  'JOB_INTERRUPTED',
  'JOB_FAILED',
  'EMBEDDING_FAILED',
  'IMPORT_ROWS_INVALID',
  'DATABASE_NOT_FOUND',
  'CLONES_SKIPPED',
  // Analyses of case files.
  'ROBOT_NOT_FOUND',
  'INSUFFICIENT_CREDITS',
] as const satisfies readonly MessageKey[];
export type Reason = (typeof REASONS)[number];

/** A failure the user can act on: the job ends failed with this reason (and `detail`, e.g. row numbers). */
export class ReasonError extends Error {
  constructor(
    readonly reason: Reason,
    readonly detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'ReasonError';
  }
}

/** The stored form: `CODE` or `CODE:detail`. */
export function storedReason(reason: Reason, detail?: string): string {
  return detail ? `${reason}:${detail}` : reason;
}

const isReason = (code: string): code is Reason => (REASONS as readonly string[]).includes(code);

/** A stored reason in the reader's language (an unknown code, from a newer server, reads as a generic failure). */
export function reasonText(stored: string, locale: Locale): string {
  const at = stored.indexOf(':');
  const code = at === -1 ? stored : stored.slice(0, at);
  const detail = at === -1 ? '' : stored.slice(at + 1);
  const text = message(isReason(code) ? code : 'JOB_FAILED', locale);
  return detail ? `${text} ${detail}` : text;
}

/** Row numbers for a reason's detail: the first 20, then how many more. */
export function rowList(rows: number[]): string {
  const shown = rows.slice(0, 20).join(', ');
  return rows.length > 20 ? `${shown} (+${rows.length - 20})` : shown;
}
