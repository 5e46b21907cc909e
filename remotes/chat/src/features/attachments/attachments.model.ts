import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { toFailure, type Attachment, type Failure } from '@flotilla/shared';
import { chatKeyOf, type ChatTarget } from '../chat/chat-target';
import { updateKeyed, type Keyed } from '../chat/lib/keyed';
import { questionAsked } from '../messages/messages.model';
import { newUuid } from '../visitor/visitor-id';
import { uploadFile } from './api/upload-file';
import { checkFiles, contentTypeOf, type AttachmentKind, type Rejection } from './lib/check-files';

/** A file attached to the question being written: uploading, uploaded, or refused by the server. */
export type PendingAttachment = {
  localId: string;
  name: string;
  kind: AttachmentKind;
  status: 'uploading' | 'ready' | 'failed';
  attachment: Attachment | null;
  failure: Failure | null;
};

/** The chatter picked files to attach (file picker, drop or paste). */
export const filesPicked = createEvent<{ target: ChatTarget; files: File[] }>();
/** The chatter removed an attachment before sending. */
export const attachmentRemoved = createEvent<{ target: ChatTarget; localId: string }>();
/** The chatter closed the message about refused files. */
export const rejectionsDismissed = createEvent<ChatTarget>();
/** Some picked files broke the limits and were not uploaded. */
const filesRejected = createEvent<{ target: ChatTarget; rejected: Rejection[] }>();

type Upload = { target: ChatTarget; localId: string; file: File; kind: AttachmentKind };

export const uploadAttachmentFx = createEffect(({ target, file }: Upload) => {
  // When the browser gave no type, send the one the check found from the extension.
  const type = contentTypeOf(file);
  return uploadFile(
    target,
    type === file.type ? file : new File([file], file.name, { type, lastModified: file.lastModified }),
  );
});

/** Checks the picked files against the limits, then uploads the accepted ones side by side. */
export const attachPickedFx = createEffect(
  async ({
    target,
    files,
    attached,
  }: {
    target: ChatTarget;
    files: File[];
    attached: Record<AttachmentKind, number>;
  }) => {
    const rejectedNow = scopeBind(filesRejected, { safe: true });
    const { accepted, rejected } = checkFiles(files, attached);
    rejectedNow({ target, rejected });
    await Promise.allSettled(
      accepted.map(({ file, kind }) => uploadAttachmentFx({ target, localId: newUuid(), file, kind })),
    );
  },
);

/** Attachments of the question being written, per chat. */
export const $attachments = createStore<Keyed<PendingAttachment[]>>({});
/** Files refused by the checks of the last pick, per chat. */
export const $rejections = createStore<Keyed<Rejection[]>>({});

const update = (
  all: Keyed<PendingAttachment[]>,
  target: ChatTarget,
  change: (list: PendingAttachment[]) => PendingAttachment[],
) => updateKeyed(all, chatKeyOf(target), [], change);
const updateOne = (
  list: PendingAttachment[],
  localId: string,
  change: (item: PendingAttachment) => PendingAttachment,
) => list.map((item) => (item.localId === localId ? change(item) : item));

sample({
  clock: filesPicked,
  source: $attachments,
  filter: (_, { files }) => files.length > 0,
  fn: (all, { target, files }) => {
    const list = all[chatKeyOf(target)] ?? [];
    return {
      target,
      files,
      attached: {
        image: list.filter((item) => item.kind === 'image').length,
        file: list.filter((item) => item.kind === 'file').length,
      },
    };
  },
  target: attachPickedFx,
});
sample({
  clock: filesRejected,
  source: $rejections,
  fn: (all, { target, rejected }) => ({ ...all, [chatKeyOf(target)]: rejected }),
  target: $rejections,
});
sample({
  clock: rejectionsDismissed,
  source: $rejections,
  fn: (all, target) => ({ ...all, [chatKeyOf(target)]: [] }),
  target: $rejections,
});

sample({
  clock: uploadAttachmentFx,
  source: $attachments,
  fn: (all, { target, localId, file, kind }) =>
    update(all, target, (list) => [
      ...list,
      { localId, name: file.name, kind, status: 'uploading', attachment: null, failure: null },
    ]),
  target: $attachments,
});
sample({
  clock: uploadAttachmentFx.done,
  source: $attachments,
  fn: (all, { params: { target, localId }, result }) =>
    update(all, target, (list) =>
      updateOne(list, localId, (item) => ({ ...item, status: 'ready', attachment: result })),
    ),
  target: $attachments,
});
// The server's refusal (422 with its detail, 413…) stays on the attachment until it is removed.
sample({
  clock: uploadAttachmentFx.fail,
  source: $attachments,
  fn: (all, { params: { target, localId }, error }) =>
    update(all, target, (list) =>
      updateOne(list, localId, (item) => ({ ...item, status: 'failed', failure: toFailure(error) })),
    ),
  target: $attachments,
});
sample({
  clock: attachmentRemoved,
  source: $attachments,
  fn: (all, { target, localId }) => update(all, target, (list) => list.filter((item) => item.localId !== localId)),
  target: $attachments,
});
// Sent with the question: the composer starts empty again.
sample({
  clock: questionAsked,
  source: $attachments,
  fn: (all, { key }) => ({ ...all, [key]: [] }),
  target: $attachments,
});
sample({
  clock: questionAsked,
  source: $rejections,
  fn: (all, { key }) => ({ ...all, [key]: [] }),
  target: $rejections,
});
