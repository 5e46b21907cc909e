import { combine, createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPolling,
  HttpError,
  toFailure,
  type ExportUsersBody,
  type Failure,
  type Task,
  type UserImportPreviewResponse,
  type UserImportRow,
  saveFile,
  USERS_EXPORT_FILE,
  USERS_TEMPLATE_FILE,
} from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { $filters, listRetryClicked } from '../employees/employees.model';
import { DEFAULT_PAGE_SIZE, toListQuery, type EmployeeFilters } from '../employees/lib/list-query';
import { downloadTemplate } from './api/download-template';
import { exportUsers } from './api/export-users';
import { findTask } from './api/find-task';
import { importUsers } from './api/import-users';
import { previewUserImport } from './api/preview-user-import';

/** A row the server refused on import, as its 422 names it: `{ detail: [{ loc: ['file', row], msg }] }`. */
export type RefusedRow = { row: number; message: string };

/** The rows a 422 of the import lists, or null when the failure is not about rows. */
export function refusedRows(error: unknown): RefusedRow[] | null {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail)) return null;
  const rows = detail.flatMap((item: { loc?: unknown[]; msg?: unknown }) =>
    Array.isArray(item.loc) && item.loc[0] === 'file' && typeof item.loc[1] === 'number'
      ? [{ row: item.loc[1], message: typeof item.msg === 'string' ? item.msg : '' }]
      : [],
  );
  return rows.length > 0 ? rows : null;
}

/** The preview's rows to show: the invalid ones first (in sheet order), or only them. */
export function rowsToShow(preview: UserImportPreviewResponse | null, invalidOnly: boolean): UserImportRow[] {
  if (!preview) return [];
  const invalid = preview.rows.filter((row) => row.errors.length > 0);
  if (invalidOnly) return invalid;
  return [...invalid, ...preview.rows.filter((row) => row.errors.length === 0)];
}

/** The export's body: the list's filters exactly as the list sends them (its own query), without paging. */
export function exportBodyOf(filters: EmployeeFilters): ExportUsersBody {
  const { offset: _offset, limit: _limit, ...body } = toListQuery(filters, { page: 1, pageSize: DEFAULT_PAGE_SIZE });
  return body;
}

const isMoving = (task: Task | null) => task !== null && (task.status === 'queued' || task.status === 'running');

/** The user opened the import dialog. */
export const importOpened = createEvent();
/** The user closed it. */
export const importClosed = createEvent();
/** The user chose a csv or xlsx file. */
export const sheetChosen = createEvent<File>();
/** The user switched between all rows and the invalid ones only. */
export const invalidOnlyToggled = createEvent<boolean>();
/** The user asked to import the previewed sheet. */
export const importSubmitted = createEvent();
/** The user asked for the template. */
export const templateClicked = createEvent();
/** The user asked for the filtered list as a spreadsheet. */
export const exportClicked = createEvent();

export const previewFx = createEffect<File, UserImportPreviewResponse, Error>(previewUserImport);
export const importFx = createEffect<File, { taskId: string }, Error>(importUsers);
export const findTaskFx = createEffect<string, Task | null, Error>(findTask);
export const templateFx = createEffect<void, void, Error>(async () =>
  saveFile(await downloadTemplate(), USERS_TEMPLATE_FILE),
);
export const exportFx = createEffect<ExportUsersBody, void, Error>(async (body) =>
  saveFile(await exportUsers(body), USERS_EXPORT_FILE),
);
/** While the import's task runs, its progress is asked again every 2 s. */
export const taskPolling = createPolling();

export const $importOpen = createStore(false)
  .on(importOpened, () => true)
  .on(importClosed, () => false);
export const $sheet = createStore<File | null>(null, { skipVoid: false })
  .on(sheetChosen, (_, file) => file)
  .reset(importOpened);
export const $preview = createStore<UserImportPreviewResponse | null>(null, { skipVoid: false })
  .on(previewFx.doneData, (_, preview) => preview)
  .reset(importOpened, sheetChosen);
export const $previewing = previewFx.pending;
/** Why the sheet could not be previewed (a file refused as a whole: too large, no users, not a spreadsheet). */
export const $previewFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(previewFx.failData, (_, error) => toFailure(error))
  .reset(importOpened, sheetChosen);
export const $invalidOnly = createStore(false)
  .on(invalidOnlyToggled, (_, on) => on)
  .reset(importOpened, sheetChosen);
export const $rowsShown = combine($preview, $invalidOnly, rowsToShow);
export const $importing = importFx.pending;
/** Rows the import refused (they changed since the preview, or a user was created meanwhile). */
export const $refusedRows = createStore<RefusedRow[] | null>(null, { skipVoid: false })
  .on(importFx.failData, (_, error) => refusedRows(error))
  .reset(importOpened, sheetChosen, importFx);
export const $importFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(importFx.failData, (_, error) => (refusedRows(error) ? null : toFailure(error)))
  .reset(importOpened, sheetChosen, importFx);
/** The import's task once queued, as last read. */
export const $taskId = createStore<string | null>(null, { skipVoid: false })
  .on(importFx.doneData, (_, { taskId }) => taskId)
  .reset(importOpened);
export const $task = createStore<Task | null>(null, { skipVoid: false })
  .on(findTaskFx.doneData, (_, task) => task)
  .reset(importOpened, importFx);
/** The import can start: a previewed sheet whose every row is valid, no import on its way or queued already. */
export const $canImport = combine(
  $preview,
  importFx.pending,
  $taskId,
  (preview, importing, taskId) =>
    preview !== null && preview.invalid === 0 && preview.valid > 0 && !importing && taskId === null,
);
export const $exporting = exportFx.pending;
export const $downloadingTemplate = templateFx.pending;

sample({ clock: sheetChosen, target: previewFx });
sample({
  clock: importSubmitted,
  source: { sheet: $sheet, can: $canImport },
  filter: ({ sheet, can }) => sheet !== null && can,
  fn: ({ sheet }) => sheet as File,
  target: importFx,
});

// Following the task: asked at once, then every 2 s while it waits or runs — also once the dialog is closed, so
// the list still reloads when the users are in. A new import (the dialog opened again) follows its own task.
sample({ clock: importFx.doneData, fn: ({ taskId }) => taskId, target: findTaskFx });
sample({ clock: importFx.done, target: taskPolling.started });
sample({ clock: importOpened, target: taskPolling.stopped });
sample({ clock: findTaskFx.doneData, fn: isMoving, target: taskPolling.answered });
sample({
  clock: taskPolling.ticked,
  source: $taskId,
  filter: (id): id is string => id !== null,
  target: findTaskFx,
});
/** The task ended with its users created. */
export const usersImported = sample({
  clock: findTaskFx.doneData,
  filter: (task): task is Task => task !== null && task.status === 'done',
});
sample({ clock: usersImported, target: listRetryClicked });
sample({
  clock: usersImported,
  source: $preview,
  fn: (preview) => ({ id: 'users.import.done', values: { count: preview?.valid ?? 0 } }),
  target: showSuccessFx,
});

sample({
  clock: templateClicked,
  source: $downloadingTemplate,
  filter: (busy) => !busy,
  fn: () => undefined,
  target: templateFx,
});
sample({
  clock: exportClicked,
  source: { filters: $filters, busy: $exporting },
  filter: ({ busy }) => !busy,
  fn: ({ filters }) => exportBodyOf(filters),
  target: exportFx,
});
