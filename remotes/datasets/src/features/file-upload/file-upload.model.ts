import { attach, combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import {
  $locale,
  $token,
  DEFAULT_SEPARATORS,
  FILE_STATUSES,
  toFailure,
  type ChunkSettings,
  type DatasetFile,
  type Failure,
  type SplitPreviewResponse,
} from '@flotilla/shared';
import { chunkSettingsProblem, DEFAULT_CHUNK_SETTINGS } from '../../lib/chunk-settings';
import { checkFile, DOCUMENT_EXTENSIONS, QA_EXTENSIONS, type FileProblem } from '../../lib/file-check';
import { isFileMoving } from '../../lib/file-status';
import { createPolling } from '@flotilla/shared';
import { areDefaultSeparators } from '../../lib/separators';
import { loadDatasetFx } from '../dataset-detail/dataset-detail.model';
import { getDatasetFile } from '../file-detail/api/get-file';
import { importQaPairs } from './api/import-qa';
import { previewSplit } from './api/preview-split';
import { uploadDatasetFile, type UploadFields } from './api/upload-file';

/** How long the settings must rest before the preview is asked for. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** A document to split, or a sheet of QA pairs to import. */
export type UploadKind = 'document' | 'qa';
/**
 * Where one chosen file stands: refused here, ready (chosen, not asked to upload yet), waiting for its
 * turn, uploading, uploaded (then its parse status is the file row's), or failed (with the reason).
 */
export type UploadState = 'refused' | 'ready' | 'waiting' | 'uploading' | 'uploaded' | 'failed';
export type UploadItem = {
  key: string;
  /** The dataset it goes to (uploads on their way finish even when the page shows another dataset). */
  datasetId: string;
  kind: UploadKind;
  file: File;
  problem: FileProblem | null;
  state: UploadState;
  /** 0..1 while uploading. */
  progress: number;
  failure: Failure | null;
  /** The file row the server answered, refreshed while it is parsed. */
  row: DatasetFile | null;
};
type UploadJob = { datasetId: string; key: string; kind: UploadKind; file: File; fields: UploadFields };
type ItemsOf = { items: UploadItem[]; datasetId: string | null };
type ItemsOfDataset = { items: UploadItem[]; datasetId: string };
type PreviewAsk = { ask: number; datasetId: string; file: File; settings: ChunkSettings };

let lastKey = 0;
const newKey = () => `upload-${(lastKey += 1)}`;

function chosenItem(datasetId: string, file: File, kind: UploadKind): UploadItem {
  const problem = checkFile(file, kind === 'qa' ? QA_EXTENSIONS : DOCUMENT_EXTENSIONS);
  return {
    key: newKey(),
    datasetId,
    kind,
    file,
    problem,
    state: problem ? 'refused' : kind === 'qa' ? 'waiting' : 'ready',
    progress: 0,
    failure: null,
    row: null,
  };
}

/** True when an answer looks like a file row (a QA import may answer one). */
function isFileRow(value: unknown): value is DatasetFile {
  const row = value as Partial<DatasetFile> | null;
  return Boolean(
    row &&
    typeof row === 'object' &&
    typeof row.id === 'string' &&
    (FILE_STATUSES as readonly unknown[]).includes(row.status),
  );
}

/** The separators sent: an empty input stands for the defaults. */
export function separatorsToSend(separators: readonly string[]): string[] {
  return separators.length ? [...separators] : [...DEFAULT_SEPARATORS];
}

/** The upload page of a dataset was opened, its target folder preset from the link. */
export const uploadPageOpened = createEvent<{ datasetId: string; catalogueId: string | null }>();
/** The user left the upload page. */
export const uploadPageClosed = createEvent();
/** The user dropped or picked documents. */
export const filesChosen = createEvent<File[]>();
/** The user picked a sheet of QA pairs to import (it goes at once). */
export const qaFileChosen = createEvent<File>();
/** The user took a file off the list. */
export const uploadItemRemoved = createEvent<string>();
/** The user asked to preview the split of one of the chosen documents. */
export const previewFileSelected = createEvent<string>();
/** The user changed the chunk size, overlap or separators. */
export const chunkSettingsChanged = createEvent<Partial<ChunkSettings>>();
/** The user picked the folder the documents go into (`null`: none). */
export const targetFolderChanged = createEvent<string | null>();
/** The user asked to upload the documents that are ready. */
export const uploadClicked = createEvent();
/** The user asked to try a failed upload again. */
export const uploadRetried = createEvent<string>();
/** Part of a file went out. */
const uploadProgressed = createEvent<{ key: string; fraction: number }>();

/** One upload, with the token and language of the shared bus (the same the http client sends). */
export const uploadFx = attach({
  source: { token: $token, locale: $locale },
  effect: (auth, job: UploadJob): Promise<unknown> => {
    // Bound now, while the effect runs in the page's scope: progress arrives later, from the browser.
    const progressed = scopeBind(uploadProgressed, { safe: true });
    const onProgress = (fraction: number) => progressed({ key: job.key, fraction });
    return job.kind === 'qa'
      ? importQaPairs({ datasetId: job.datasetId, file: job.file, auth, onProgress })
      : uploadDatasetFile({ datasetId: job.datasetId, file: job.file, fields: job.fields, auth, onProgress });
  },
});
export const previewDelayFx = createEffect(
  (ask: number) => new Promise<number>((resolve) => setTimeout(() => resolve(ask), PREVIEW_DEBOUNCE_MS)),
);
export const previewFx = createEffect(({ datasetId, file, settings }: PreviewAsk) =>
  previewSplit({ datasetId, file, fields: { ...settings, separators: separatorsToSend(settings.separators) } }),
);
export const refreshUploadedFx = createEffect((rows: DatasetFile[]) =>
  Promise.all(rows.map((row) => getDatasetFile({ datasetId: row.datasetId, fileId: row.id }).catch(() => row))),
);

/** Uploaded files still queued or being parsed make the page ask for them again every 2 s. */
export const uploadPolling = createPolling();

export const $uploadDatasetId = createStore<string | null>(null, { skipVoid: false }).on(
  uploadPageOpened,
  (_, { datasetId }) => datasetId,
);
/** Every chosen file: those of the page's dataset, and uploads to another one still on their way. */
const $allUploadItems = createStore<UploadItem[]>([])
  .on(uploadItemRemoved, (items, key) =>
    items.filter((item) => item.key !== key || item.state === 'uploading' || item.state === 'waiting'),
  )
  .on(uploadRetried, (items, key) =>
    items.map((item) =>
      item.key === key && item.state === 'failed' ? { ...item, state: 'waiting', failure: null, progress: 0 } : item,
    ),
  )
  .on(uploadFx, (items, job) =>
    items.map((item) => (item.key === job.key ? { ...item, state: 'uploading', progress: 0 } : item)),
  )
  .on(uploadProgressed, (items, { key, fraction }) =>
    items.map((item) => (item.key === key && item.state === 'uploading' ? { ...item, progress: fraction } : item)),
  )
  .on(uploadFx.done, (items, { params, result }) =>
    items.map((item) =>
      item.key === params.key
        ? { ...item, state: 'uploaded', progress: 1, row: isFileRow(result) ? result : null }
        : item,
    ),
  )
  .on(uploadFx.fail, (items, { params, error }) =>
    items.map((item) => (item.key === params.key ? { ...item, state: 'failed', failure: toFailure(error) } : item)),
  )
  .on(refreshUploadedFx.doneData, (items, rows) =>
    items.map((item) => {
      const fresh = item.row && rows.find((row) => row.id === item.row?.id);
      return fresh ? { ...item, row: fresh } : item;
    }),
  );
/** The files chosen for the dataset of the page, in the order chosen. */
export const $uploadItems = combine($allUploadItems, $uploadDatasetId, (items, datasetId) =>
  items.filter((item) => item.datasetId === datasetId),
);
/** The upload on its way (one at a time, in the order chosen). */
export const $activeUploadKey = createStore<string | null>(null, { skipVoid: false })
  .on(uploadFx, (_, job) => job.key)
  .on(uploadFx.finally, () => null);
export const $readyCount = $uploadItems.map(
  (items) => items.filter((item) => item.kind === 'document' && item.state === 'ready').length,
);

export const $chunkSettings = createStore<ChunkSettings>(DEFAULT_CHUNK_SETTINGS).on(
  chunkSettingsChanged,
  (settings, patch) => ({ ...settings, ...patch }),
);
/** True once the user changed the settings: a late answer about the dataset no longer replaces them. */
const $settingsTouched = createStore(false)
  .on(chunkSettingsChanged, () => true)
  .reset(uploadPageOpened);
/** Why the settings cannot be used (a message id), or `null`. */
export const $settingsProblem = $chunkSettings.map(chunkSettingsProblem, { skipVoid: false });
export const $targetFolder = createStore<string | null>(null, { skipVoid: false })
  .on(uploadPageOpened, (_, { catalogueId }) => catalogueId)
  .on(targetFolderChanged, (_, catalogueId) => catalogueId);

/** The chosen document whose split is previewed. */
export const $previewKey = createStore<string | null>(null, { skipVoid: false })
  .on(previewFileSelected, (_, key) => key)
  .on(uploadItemRemoved, (key, removed) => (key === removed ? null : key));
const $previewFile = combine(
  $uploadItems,
  $previewKey,
  (items, key) => items.find((item) => item.key === key && item.kind === 'document' && !item.problem)?.file ?? null,
);
/** Counts the changes of what is previewed; only the latest, once it has rested, is asked for and shown. */
const $previewAsk = createStore(0);
export const $preview = createStore<SplitPreviewResponse | null>(null, { skipVoid: false });
export const $previewFailure = createStore<Failure | null>(null, { skipVoid: false });
/** True while the latest preview is on its way (a newer question resets it until it is asked). */
export const $previewLoading = createStore(false).reset($previewAsk.updates);

// Opening starts afresh: only the uploads still on their way stay in view.
sample({
  clock: uploadPageOpened,
  source: $allUploadItems,
  fn: (items) => items.filter((item) => item.state === 'waiting' || item.state === 'uploading'),
  target: $allUploadItems,
});
sample({ clock: uploadPageOpened, fn: () => null, target: $previewKey });
sample({
  clock: filesChosen,
  source: { items: $allUploadItems, datasetId: $uploadDatasetId },
  filter: (state: ItemsOf, _files: File[]): state is ItemsOfDataset => state.datasetId !== null,
  fn: ({ items, datasetId }, files) => [...items, ...files.map((file) => chosenItem(datasetId, file, 'document'))],
  target: $allUploadItems,
});
sample({
  clock: qaFileChosen,
  source: { items: $allUploadItems, datasetId: $uploadDatasetId },
  filter: (state: ItemsOf, _file: File): state is ItemsOfDataset => state.datasetId !== null,
  fn: ({ items, datasetId }, file) => [...items, chosenItem(datasetId, file, 'qa')],
  target: $allUploadItems,
});
sample({
  clock: uploadClicked,
  source: { items: $allUploadItems, datasetId: $uploadDatasetId, problem: $settingsProblem },
  filter: ({ problem }) => problem === null,
  fn: ({ items, datasetId }) =>
    items.map((item) =>
      item.datasetId === datasetId && item.kind === 'document' && item.state === 'ready'
        ? { ...item, state: 'waiting' as const }
        : item,
    ),
  target: $allUploadItems,
});
sample({ clock: uploadPageOpened, target: uploadPolling.started });
sample({ clock: uploadPageClosed, target: uploadPolling.stopped });

// The dataset's settings are the defaults of its uploads (the defaults' separators show as the placeholder).
sample({
  clock: loadDatasetFx.done,
  source: { datasetId: $uploadDatasetId, touched: $settingsTouched },
  filter: ({ datasetId, touched }, { params }) => datasetId === params && !touched,
  fn: (_, { result }): ChunkSettings => ({
    chunkSize: result.chunkSize,
    overlap: result.overlap,
    separators: areDefaultSeparators(result.separators) ? [] : [...result.separators],
  }),
  target: $chunkSettings,
});

// The first document that can be previewed is, until the user picks another.
sample({
  clock: filesChosen,
  source: { key: $previewKey, items: $uploadItems },
  filter: ({ key }) => key === null,
  fn: ({ items }) => items.find((item) => item.kind === 'document' && !item.problem)?.key ?? null,
  target: $previewKey,
});

// One upload at a time: whenever none is on its way, the first waiting file goes.
sample({
  clock: [$allUploadItems.updates, uploadFx.finally],
  source: { items: $allUploadItems, active: $activeUploadKey, settings: $chunkSettings, folder: $targetFolder },
  filter: ({ items, active }) => active === null && items.some((item) => item.state === 'waiting'),
  fn: ({ items, settings, folder }): UploadJob => {
    const next = items.find((item) => item.state === 'waiting') as UploadItem;
    return {
      datasetId: next.datasetId,
      key: next.key,
      kind: next.kind,
      file: next.file,
      fields: {
        catalogueId: folder,
        chunkSize: settings.chunkSize,
        overlap: settings.overlap,
        separators: separatorsToSend(settings.separators),
      },
    };
  },
  target: uploadFx,
});

// Parse status of what was uploaded, asked for every 2 s while any is queued or parsing.
const moving = (items: UploadItem[]) => items.some((item) => item.row !== null && isFileMoving(item.row.status));
sample({
  clock: [uploadFx.done, refreshUploadedFx.done],
  source: $allUploadItems,
  fn: moving,
  target: uploadPolling.answered,
});
sample({
  clock: uploadPolling.ticked,
  source: $allUploadItems,
  filter: moving,
  fn: (items) => items.flatMap((item) => (item.row && isFileMoving(item.row.status) ? [item.row] : [])),
  target: refreshUploadedFx,
});

// The preview: asked once the file and settings rest; only the latest answer shows.
const $previewSubject = combine({
  datasetId: $uploadDatasetId,
  file: $previewFile,
  settings: $chunkSettings,
  problem: $settingsProblem,
});
sample({ clock: $previewSubject.updates, source: $previewAsk, fn: (ask) => ask + 1, target: $previewAsk });
sample({ clock: $previewAsk.updates, target: previewDelayFx });
sample({
  clock: previewDelayFx.doneData,
  source: { ask: $previewAsk, subject: $previewSubject },
  filter: ({ ask, subject }, settled) =>
    ask === settled && subject.datasetId !== null && subject.file !== null && subject.problem === null,
  fn: ({ ask, subject }): PreviewAsk => ({
    ask,
    datasetId: subject.datasetId as string,
    file: subject.file as File,
    settings: subject.settings,
  }),
  target: previewFx,
});
// Another file (or none): the previous file's preview is not this one's.
sample({ clock: $previewFile.updates, fn: () => null, target: [$preview, $previewFailure] });
sample({ clock: previewFx, fn: () => true, target: $previewLoading });
sample({
  clock: previewFx.finally,
  source: $previewAsk,
  filter: (ask, { params }) => ask === params.ask,
  fn: () => false,
  target: $previewLoading,
});
sample({
  clock: previewFx.done,
  source: $previewAsk,
  filter: (ask, { params }) => ask === params.ask,
  fn: (_, { result }) => result,
  target: $preview,
});
sample({
  clock: previewFx.done,
  source: $previewAsk,
  filter: (ask, { params }) => ask === params.ask,
  fn: () => null,
  target: $previewFailure,
});
sample({
  clock: previewFx.fail,
  source: $previewAsk,
  filter: (ask, { params }) => ask === params.ask,
  fn: (_, { error }) => toFailure(error),
  target: $previewFailure,
});
