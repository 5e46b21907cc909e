import type { DatasetFileStatus } from '@flotilla/shared';

/** True while a file waits for or goes through parsing (the pages that show it keep asking). */
export function isFileMoving(status: DatasetFileStatus): boolean {
  return status === 'queued' || status === 'parsing';
}
