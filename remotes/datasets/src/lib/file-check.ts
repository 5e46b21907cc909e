import { CHUNK_LIMITS } from '@flotilla/shared';

/** The document types a dataset takes, by file extension. */
export const DOCUMENT_EXTENSIONS = ['txt', 'md', 'html', 'pdf', 'docx', 'csv', 'xlsx'] as const;
/** The types a QA import takes: a sheet with question and answer columns. */
export const QA_EXTENSIONS = ['csv', 'xlsx'] as const;

/** Why a chosen file is refused before it is sent. */
export type FileProblem = 'badType' | 'tooLarge' | 'empty';

/** The `accept` attribute of a file input for these extensions. */
export function acceptOf(extensions: readonly string[]): string {
  return extensions.map((extension) => `.${extension}`).join(',');
}

/** The extension of a file name, lower-case, without the dot (`''` without one). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Checks a chosen file against what the server takes (type by extension, size up to
 * `CHUNK_LIMITS.maxFileBytes`, not empty), so a wrong file is refused at once; `null` when it may be sent.
 * The server checks again, by content.
 */
export function checkFile(
  file: Pick<File, 'name' | 'size'>,
  extensions: readonly string[] = DOCUMENT_EXTENSIONS,
): FileProblem | null {
  if (!extensions.includes(extensionOf(file.name))) return 'badType';
  if (file.size > CHUNK_LIMITS.maxFileBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}
