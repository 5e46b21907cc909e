import { ICON_LIMITS } from '@flotilla/shared';

/** The image types `POST /v2/processes/icon` accepts (contracts: png, jpeg, webp, gif). */
export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Why a chosen icon file is refused before it is sent. */
export type IconProblem = 'tooLarge' | 'badType';

/** Checks a chosen file against what the server accepts, so a wrong file is refused at once; `null` when it may be sent. */
export function checkIconFile(file: Pick<File, 'size' | 'type'>): IconProblem | null {
  if (!(ICON_TYPES as readonly string[]).includes(file.type)) return 'badType';
  if (file.size > ICON_LIMITS.maxBytes) return 'tooLarge';
  return null;
}
