import { CHAT_LIMITS, UPLOAD_LIMITS } from '@flotilla/shared';

/** Images go with a question as `images`, other files as `files`. */
export type AttachmentKind = 'image' | 'file';
/** Why a picked file was not taken. */
export type RejectionReason = 'tooLarge' | 'type' | 'tooMany';
export type Rejection = { name: string; reason: RejectionReason };

const IMAGE_TYPES: readonly string[] = UPLOAD_LIMITS.imageTypes;
const FILE_TYPES: readonly string[] = UPLOAD_LIMITS.fileTypes;

/** Browsers leave the type of some files empty (Markdown, CSV on Windows…): the extension tells it then. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file's content type among the accepted ones, else its own (then refused). */
export function contentTypeOf(file: Pick<File, 'name' | 'type'>): string {
  if (IMAGE_TYPES.includes(file.type) || FILE_TYPES.includes(file.type)) return file.type;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? file.type;
}

/** What the file picker's `accept` lists. */
export const ACCEPT = [
  ...IMAGE_TYPES,
  ...FILE_TYPES,
  ...Object.keys(TYPE_BY_EXTENSION).map((extension) => `.${extension}`),
].join(',');

/**
 * Sorts picked files against UPLOAD_LIMITS (size, type) and CHAT_LIMITS (how many of each kind a
 * question takes, counting those already attached), before anything is uploaded.
 */
export function checkFiles(
  files: readonly File[],
  attached: Record<AttachmentKind, number>,
): { accepted: Array<{ file: File; kind: AttachmentKind }>; rejected: Rejection[] } {
  const counts = { ...attached };
  const accepted: Array<{ file: File; kind: AttachmentKind }> = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    const type = contentTypeOf(file);
    const kind: AttachmentKind | null = IMAGE_TYPES.includes(type)
      ? 'image'
      : FILE_TYPES.includes(type)
        ? 'file'
        : null;
    if (kind === null) rejected.push({ name: file.name, reason: 'type' });
    else if (file.size > UPLOAD_LIMITS.maxBytes) rejected.push({ name: file.name, reason: 'tooLarge' });
    else if (counts[kind] >= CHAT_LIMITS.attachments) rejected.push({ name: file.name, reason: 'tooMany' });
    else {
      counts[kind] += 1;
      accepted.push({ file, kind });
    }
  }
  return { accepted, rejected };
}
