import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type DatasetFile, type Failure, type Segment, type UpdateSegmentBody } from '@flotilla/shared';
import { isFileMoving } from '../../lib/file-status';
import { showSuccessFx } from '@flotilla/shared/ui';
import { createPolling } from '@flotilla/shared';
import { reindexDatasetFile } from '../dataset-files/api/reindex-file';
import { createSegment } from './api/create-segment';
import { deleteSegment } from './api/delete-segment';
import { getDatasetFile } from './api/get-file';
import { listFileSegments } from './api/list-segments';
import { updateSegment } from './api/update-segment';

export const SEGMENTS_PAGE_SIZE = 20;

/** The file of the page. */
export type FileRef = { datasetId: string; fileId: string };
/**
 * Why the file is asked for: the page opened, the page polls while it is parsed, it was queued again,
 * or its segments changed. After polling or re-indexing, a file that is no longer moving has new segments.
 */
type FileLoad = FileRef & { reason: 'open' | 'poll' | 'reindex' | 'change' };
type SegmentsQuery = { fileId: string; offset: number; limit: number };
export type FileStatus = 'loading' | 'ready' | 'not-found' | 'error';
export type SegmentsStatus = 'loading' | 'ready' | 'error';
/** A segment's new content: text, or question and answer for a QA pair. */
export type SegmentContent = { text: string } | { question: string; answer: string };

/** The file detail page was opened. */
export const fileDetailOpened = createEvent<FileRef>();
/** The user left the page. */
export const fileDetailClosed = createEvent();
/** The user asked for the file again after a failure. */
export const fileRetryClicked = createEvent();
/** The user went to another page of segments (counted from 1). */
export const segmentsPageChanged = createEvent<number>();
/** The user asked for the segments again after a failure. */
export const segmentsRetryClicked = createEvent();
/** The user confirmed parsing the file again (also the retry of a failed file). */
export const fileReindexConfirmed = createEvent();
/** The user opened the editor of a segment. */
export const segmentEditOpened = createEvent<Segment>();
/** The user opened the editor of a new segment. */
export const segmentAddOpened = createEvent();
/** The editor was closed without saving. */
export const segmentEditorClosed = createEvent();
/** The editor was saved. */
export const segmentEditorSubmitted = createEvent<SegmentContent>();
/** The user switched a segment on or off (an off segment is never found by search). */
export const segmentEnabledToggled = createEvent<{ segment: Segment; enabled: boolean }>();
/** The user confirmed deleting a segment. */
export const segmentDeleteConfirmed = createEvent<Segment>();

export const loadFileFx = createEffect((load: FileLoad) => getDatasetFile(load));
export const loadSegmentsFx = createEffect(listFileSegments);
export const updateSegmentFx = createEffect(updateSegment);
export const deleteSegmentFx = createEffect((segment: Segment) => deleteSegment(segment.id));
export const createSegmentFx = createEffect(createSegment);
export const reindexFileFx = createEffect(reindexDatasetFile);

/** A file queued or being parsed makes the page ask again every 2 s. */
export const fileDetailPolling = createPolling();

export const $fileRef = createStore<FileRef | null>(null, { skipVoid: false }).on(fileDetailOpened, (_, ref) => ref);
export const $file = createStore<DatasetFile | null>(null, { skipVoid: false }).on(fileDetailOpened, (file, ref) =>
  file?.id === ref.fileId ? file : null,
);
export const $fileStatus = createStore<FileStatus>('loading').on(fileDetailOpened, () => 'loading');
export const $fileFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(
  fileDetailOpened,
  loadFileFx.done,
);

export const $segmentsQuery = createStore<SegmentsQuery | null>(null, { skipVoid: false });
export const $segments = createStore<Segment[]>([]).reset(fileDetailOpened);
export const $segmentsTotal = createStore(0).reset(fileDetailOpened);
export const $segmentsStatus = createStore<SegmentsStatus>('loading').on(fileDetailOpened, () => 'loading');
export const $segmentsFailure = createStore<Failure | null>(null, { skipVoid: false }).reset(
  fileDetailOpened,
  loadSegmentsFx.done,
);
export const $segmentsPage = $segmentsQuery.map((query) => (query ? Math.floor(query.offset / query.limit) + 1 : 1));

/** The editor: a segment being edited, `'new'` for a new one, `null` when closed. */
export const $segmentEditor = createStore<Segment | 'new' | null>(null, { skipVoid: false })
  .on(segmentEditOpened, (_, segment) => segment)
  .on(segmentAddOpened, () => 'new')
  .reset(segmentEditorClosed, fileDetailOpened, createSegmentFx.done);
export const $segmentSaving = combine(
  updateSegmentFx.pending,
  createSegmentFx.pending,
  (updating, creating) => updating || creating,
);
/** Why the last change of a segment was refused, until the next one. */
export const $segmentChangeFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(
    [updateSegmentFx.failData, createSegmentFx.failData, deleteSegmentFx.failData, reindexFileFx.failData],
    (_, error) => toFailure(error),
  )
  .reset(
    fileDetailOpened,
    segmentEditOpened,
    segmentAddOpened,
    updateSegmentFx,
    createSegmentFx,
    deleteSegmentFx,
    reindexFileFx,
  );
/** Segments whose change is on its way (their switches and buttons spin). */
export const $busySegmentIds = createStore<string[]>([])
  .on(updateSegmentFx, (ids, { segmentId }) => [...ids, segmentId])
  .on(deleteSegmentFx, (ids, segment) => [...ids, segment.id])
  .on(updateSegmentFx.finally, (ids, { params }) => ids.filter((id) => id !== params.segmentId))
  .on(deleteSegmentFx.finally, (ids, { params }) => ids.filter((id) => id !== params.id));
export const $reindexing = reindexFileFx.pending;

// The file.
sample({ clock: fileDetailOpened, fn: (ref): FileLoad => ({ ...ref, reason: 'open' }), target: loadFileFx });
sample({
  clock: fileRetryClicked,
  source: $fileRef,
  filter: Boolean,
  fn: (ref): FileLoad => ({ ...ref, reason: 'open' }),
  target: loadFileFx,
});
const isCurrent = (ref: FileRef | null, asked: FileRef) =>
  ref?.datasetId === asked.datasetId && ref.fileId === asked.fileId;
const fileAnswered = sample({
  clock: loadFileFx.done,
  source: $fileRef,
  filter: (ref, { params }) => isCurrent(ref, params),
  fn: (_, done) => done,
});
sample({ clock: fileAnswered, fn: ({ result }) => result, target: $file });
sample({ clock: fileAnswered, fn: (): FileStatus => 'ready', target: $fileStatus });
const fileFailed = sample({
  clock: loadFileFx.fail,
  source: $fileRef,
  filter: (ref, { params }) => isCurrent(ref, params),
  fn: (_, { error }) => toFailure(error),
});
sample({ clock: fileFailed, target: $fileFailure });
// A failed refresh keeps the file on screen.
sample({
  clock: fileFailed,
  source: $file,
  filter: (file, failure) => file === null || failure.status === 404,
  fn: (_, failure): FileStatus => (failure.status === 404 ? 'not-found' : 'error'),
  target: $fileStatus,
});

// Polling while the file is queued or parsed; once it is done, its segments are new.
sample({ clock: fileDetailOpened, target: fileDetailPolling.started });
sample({ clock: fileDetailClosed, target: fileDetailPolling.stopped });
sample({ clock: fileAnswered, fn: ({ result }) => isFileMoving(result.status), target: fileDetailPolling.answered });
sample({
  clock: fileDetailPolling.ticked,
  source: $fileRef,
  filter: Boolean,
  fn: (ref): FileLoad => ({ ...ref, reason: 'poll' }),
  target: loadFileFx,
});

// The segments.
const firstPage = (ref: FileRef): SegmentsQuery => ({ fileId: ref.fileId, offset: 0, limit: SEGMENTS_PAGE_SIZE });
sample({ clock: fileDetailOpened, fn: firstPage, target: $segmentsQuery });
sample({
  clock: fileAnswered,
  filter: ({ params, result }) =>
    (params.reason === 'poll' || params.reason === 'reindex') && !isFileMoving(result.status),
  fn: ({ params }) => firstPage(params),
  target: $segmentsQuery,
});
sample({
  clock: segmentsPageChanged,
  source: $segmentsQuery,
  filter: Boolean,
  fn: (query, page) => ({ ...query, offset: Math.max(0, page - 1) * query.limit }),
  target: $segmentsQuery,
});
sample({
  clock: [$segmentsQuery.updates, segmentsRetryClicked],
  source: $segmentsQuery,
  filter: Boolean,
  target: loadSegmentsFx,
});
sample({ clock: loadSegmentsFx, fn: (): SegmentsStatus => 'loading', target: $segmentsStatus });
const segmentsAnswered = sample({
  clock: loadSegmentsFx.done,
  source: $segmentsQuery,
  filter: (query, { params }) => query === params,
  fn: (_, { result }) => result,
});
sample({ clock: segmentsAnswered, fn: ({ list }) => list, target: $segments });
sample({ clock: segmentsAnswered, fn: ({ total }) => total, target: $segmentsTotal });
sample({ clock: segmentsAnswered, fn: (): SegmentsStatus => 'ready', target: $segmentsStatus });
const segmentsFailed = sample({
  clock: loadSegmentsFx.fail,
  source: $segmentsQuery,
  filter: (query, { params }) => query === params,
  fn: (_, { error }) => toFailure(error),
});
sample({ clock: segmentsFailed, target: $segmentsFailure });
sample({ clock: segmentsFailed, fn: (): SegmentsStatus => 'error', target: $segmentsStatus });

// Editing, switching, deleting and adding segments.
const $editedSegment = $segmentEditor.map((editor) => (editor === 'new' ? null : editor), { skipVoid: false });
const $addingTo = combine($segmentEditor, $fileRef, (editor, ref) => (editor === 'new' ? ref : null));
sample({
  clock: segmentEditorSubmitted,
  source: { segment: $editedSegment, saving: $segmentSaving },
  filter: (
    state: { segment: Segment | null; saving: boolean },
    _content: SegmentContent,
  ): state is { segment: Segment; saving: false } => state.segment !== null && !state.saving,
  fn: ({ segment }, content): { segmentId: string; body: UpdateSegmentBody } => ({
    segmentId: segment.id,
    body: content,
  }),
  target: updateSegmentFx,
});
sample({
  clock: segmentEditorSubmitted,
  source: { ref: $addingTo, saving: $segmentSaving },
  filter: (
    state: { ref: FileRef | null; saving: boolean },
    content: SegmentContent,
  ): state is { ref: FileRef; saving: false } => state.ref !== null && !state.saving && 'text' in content,
  fn: ({ ref }, content) => ({ ...ref, text: 'text' in content ? content.text : '' }),
  target: createSegmentFx,
});
sample({
  clock: segmentEnabledToggled,
  source: $busySegmentIds,
  filter: (ids, { segment }) => !ids.includes(segment.id),
  fn: (_, { segment, enabled }) => ({ segmentId: segment.id, body: { enabled } }),
  target: updateSegmentFx,
});
// The server changed it: show the change without asking for the page again.
sample({
  clock: updateSegmentFx.done,
  source: $segments,
  fn: (segments, { params }) =>
    segments.map((segment) => (segment.id === params.segmentId ? { ...segment, ...params.body } : segment)),
  target: $segments,
});
sample({
  clock: updateSegmentFx.done,
  filter: ({ params }) => params.body.enabled === undefined,
  fn: () => null,
  target: $segmentEditor,
});
sample({
  clock: segmentDeleteConfirmed,
  source: $busySegmentIds,
  filter: (ids, segment) => !ids.includes(segment.id),
  fn: (_, segment) => segment,
  target: deleteSegmentFx,
});
// After a delete the page again (the previous one when its last segment went); after an add, the last page, where it is.
sample({
  clock: deleteSegmentFx.done,
  source: { query: $segmentsQuery, segments: $segments },
  filter: (
    state: { query: SegmentsQuery | null; segments: Segment[] },
    _done: unknown,
  ): state is { query: SegmentsQuery; segments: Segment[] } => state.query !== null,
  fn: ({ query, segments }) =>
    segments.length <= 1 && query.offset > 0 ? { ...query, offset: query.offset - query.limit } : { ...query },
  target: $segmentsQuery,
});
sample({
  clock: createSegmentFx.done,
  source: { query: $segmentsQuery, total: $segmentsTotal },
  filter: (
    state: { query: SegmentsQuery | null; total: number },
    _done: unknown,
  ): state is { query: SegmentsQuery; total: number } => state.query !== null,
  fn: ({ query, total }) => ({ ...query, offset: Math.floor(total / query.limit) * query.limit }),
  target: $segmentsQuery,
});
// The file's segment count changed.
sample({
  clock: [deleteSegmentFx.done, createSegmentFx.done],
  source: $fileRef,
  filter: Boolean,
  fn: (ref): FileLoad => ({ ...ref, reason: 'change' }),
  target: loadFileFx,
});

// Re-indexing: the file is queued again, and the page polls until it is done.
sample({
  clock: fileReindexConfirmed,
  source: { ref: $fileRef, busy: $reindexing },
  filter: (state: { ref: FileRef | null; busy: boolean }, _clicked: void): state is { ref: FileRef; busy: false } =>
    state.ref !== null && !state.busy,
  fn: ({ ref }) => ref,
  target: reindexFileFx,
});
sample({
  clock: reindexFileFx.done,
  fn: ({ params }): FileLoad => ({ ...params, reason: 'reindex' }),
  target: loadFileFx,
});

sample({
  clock: updateSegmentFx.done,
  filter: ({ params }) => params.body.enabled === undefined,
  fn: () => ({ id: 'datasets.segment.saved' }),
  target: showSuccessFx,
});
sample({ clock: createSegmentFx.done, fn: () => ({ id: 'datasets.segment.added' }), target: showSuccessFx });
sample({ clock: deleteSegmentFx.done, fn: () => ({ id: 'datasets.segment.deleted' }), target: showSuccessFx });
sample({ clock: reindexFileFx.done, fn: () => ({ id: 'datasets.files.reindexStarted' }), target: showSuccessFx });
