import { readFile } from 'node:fs/promises';
import type { Attachment } from '@flotilla/shared/contracts';
import { detectFileType } from '../knowledge/file-types';
import type { DocumentParser } from '../knowledge/parse-pool';
import { invalidInput } from '../lib/app-error';
import type { Chatter } from '../plugins/app/chats/chats-repository';
import type { UploadFiles } from '../plugins/app/uploads/upload-files';
import { uploadUrl, type Upload } from '../plugins/app/uploads/uploads-repository';
import type { AttachedDocument, ProviderReads } from './providers/provider';

/**
 * What one question's attachments may add to the prompt. Documents share one character budget (a long
 * PDF must not crowd out the question, the history and the knowledge); images one byte budget (they travel
 * base64-encoded, a third larger, in one request).
 */
export const ATTACHMENT_BUDGETS = { documentChars: 12_000, imageBytes: 12 * 1024 * 1024 } as const;

/** Ends a document's text that was cut at its budget, so that the model knows it did not see all of it. */
export const TRUNCATED_MARKER = '[… the rest of this file was left out]';

/** A question's attachments, as the chatter's own uploads. */
export type OwnAttachments = { images: Upload[]; files: Upload[] };

/** The uploads' rows, by id alone (ownership is checked here, not by the query). */
type UploadLookup = { findById(id: string): Promise<Upload | undefined> };

/**
 * The uploads a question names, each checked to be the chatter's own upload of that kind in the robot's
 * tenant: another visitor's file, another tenant's, an icon or an unknown id is a 422 at its place in the
 * body (FILE_NOT_FOUND), the same answer for each, so an id's existence is not given away.
 */
export async function ownAttachments(
  uploads: UploadLookup,
  chatter: Chatter,
  asked: { images?: Attachment[]; files?: Attachment[] },
): Promise<OwnAttachments> {
  const check = async (field: 'images' | 'files', kind: Upload['kind']) =>
    Promise.all(
      (asked[field] ?? []).map(async ({ id }, index) => {
        const row = await uploads.findById(id);
        if (!row || row.tenantId !== chatter.tenantId || row.ownerId !== chatter.userId || row.kind !== kind) {
          throw invalidInput(['body', field, index, 'id'], 'FILE_NOT_FOUND');
        }
        return row;
      }),
    );
  const [images, files] = await Promise.all([check('images', 'image'), check('files', 'file')]);
  return { images, files };
}

/** An upload as a completion stores it: from the server's row, never the client's copy. */
export function storedAttachment(upload: Upload): Attachment {
  return {
    id: upload.id,
    name: upload.name,
    url: uploadUrl(upload.id),
    size: upload.size,
    contentType: upload.contentType,
  };
}

/** What the provider gets of the attachments: images it can see, documents it can read, and the names of the rest. */
export type AttachmentContext = { images: string[]; documents: AttachedDocument[]; unread: string[] };

async function bytesOf(files: UploadFiles, upload: Upload): Promise<Buffer | undefined> {
  return readFile(files.pathOf(upload.storageKey)).catch(() => undefined);
}

/**
 * Texts of attached documents already read, by upload id (an upload never changes), cut at the whole
 * budget: a visitor who attaches the same file to every question has it parsed once. Least recently used
 * out beyond {@link TEXT_CACHE_ENTRIES}.
 */
const TEXT_CACHE_ENTRIES = 200;
const texts = new Map<string, string | null>();

/**
 * Visitors' documents are parsed one at a time, so that anonymous chats can hold at most one of the
 * parser processes that dataset ingestion and previews also wait for.
 */
let parsing: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(parse: () => Promise<T>): Promise<T> {
  const run = parsing.then(parse, parse);
  parsing = run.catch(() => undefined);
  return run;
}

async function textOf(
  files: UploadFiles,
  parser: DocumentParser,
  upload: Upload,
  signal?: AbortSignal,
): Promise<string | null> {
  const known = texts.get(upload.id);
  if (known !== undefined) {
    texts.delete(upload.id);
    texts.set(upload.id, known);
    return known;
  }
  const bytes = await bytesOf(files, upload);
  const detected = bytes && (await detectFileType(bytes, upload.name));
  if (!bytes || !detected || detected.problem) return null;
  // A scanned PDF (no text), a damaged or protected file, one over the parse budget: the model is told it could
  // not be read. A visitor who left (signal) stops their parse, and it is not remembered.
  const text = await oneAtATime(() => {
    signal?.throwIfAborted();
    return parser.text(detected.type, bytes, { signal });
  }).then(
    (whole) => whole.slice(0, ATTACHMENT_BUDGETS.documentChars + 1),
    () => null,
  );
  if (signal?.aborted) return null;
  texts.set(upload.id, text);
  if (texts.size > TEXT_CACHE_ENTRIES) texts.delete(texts.keys().next().value as string);
  return text;
}

/** A document's text within `budget` characters (cut with {@link TRUNCATED_MARKER}), or null when it has none to read. */
async function documentWithin(
  files: UploadFiles,
  parser: DocumentParser,
  upload: Upload,
  budget: number,
  signal?: AbortSignal,
): Promise<AttachedDocument> {
  const text = await textOf(files, parser, upload, signal);
  if (text === null) return { name: upload.name, text: null };
  return text.length > budget
    ? { name: upload.name, text: `${text.slice(0, budget)}\n${TRUNCATED_MARKER}` }
    : { name: upload.name, text };
}

/**
 * Turns a question's attachments into what `reads` says the provider can take: images as `data:` URLs of
 * the stored bytes (up to {@link ATTACHMENT_BUDGETS}.imageBytes in all, in order), documents as text
 * (the character budget split evenly between them, read by `parser` within the parse budget, stopped when
 * `signal` aborts); everything else is named in `unread`.
 */
export async function attachmentContext(
  files: UploadFiles,
  parser: DocumentParser,
  attached: OwnAttachments,
  reads: ProviderReads,
  signal?: AbortSignal,
): Promise<AttachmentContext> {
  const unread: string[] = [];
  const images: string[] = [];
  let imageBytes = 0;
  for (const image of attached.images) {
    const bytes =
      reads.images && imageBytes + image.size <= ATTACHMENT_BUDGETS.imageBytes
        ? await bytesOf(files, image)
        : undefined;
    if (!bytes) {
      unread.push(image.name);
      continue;
    }
    imageBytes += bytes.length;
    images.push(`data:${image.contentType};base64,${bytes.toString('base64')}`);
  }
  if (!reads.documents)
    return { images, documents: [], unread: [...unread, ...attached.files.map((file) => file.name)] };
  const budget = Math.floor(ATTACHMENT_BUDGETS.documentChars / Math.max(1, attached.files.length));
  const documents = await Promise.all(
    attached.files.map((file) => documentWithin(files, parser, file, budget, signal)),
  );
  return { images, documents, unread };
}
