import { attach, createEvent, createStore, sample, scopeBind } from 'effector';
import {
  $locale,
  $token,
  DATABASE_TABLE_LIMITS,
  HttpError,
  toFailure,
  type Failure,
  type ImportColumn,
  type ImportColumnType,
  type ImportPreviewResponse,
  type ImportTableResponse,
} from '@flotilla/shared';
import { tablesChanged } from '../database-tables/database-tables.model';
import { importTable } from './api/import-table';
import { previewImport } from './api/preview-import';

/** A row of the sheet that did not fit, as the server's 422 names it. */
export type ImportRowError = { row: number | null; column: string | null; message: string };

/** The rows that did not fit, read from a 422's `{ detail: [{ loc: ['file', row, column], msg }] }`. */
export function importRowErrors(error: unknown): ImportRowError[] | null {
  if (!(error instanceof HttpError) || error.status !== 422) return null;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  if (!Array.isArray(detail) || detail.length === 0) return null;
  return detail.map((item: { loc?: unknown[]; msg?: unknown }) => {
    const loc = Array.isArray(item.loc) ? item.loc : [];
    const fromFile = loc[0] === 'file';
    return {
      row: fromFile && typeof loc[1] === 'number' ? loc[1] : null,
      column: fromFile && loc[2] !== undefined ? String(loc[2]) : null,
      message: typeof item.msg === 'string' ? item.msg : '',
    };
  });
}

/** A table name from a file's name: its stem, with what a table name may not hold replaced. */
export function tableNameOf(fileName: string): string {
  const stem = fileName.replace(/\.[^.]+$/, '');
  return stem.replace(/[\u0000-\u001f\u007f$]/g, '_').slice(0, DATABASE_TABLE_LIMITS.name);
}

/** The Import tab was opened for a database. */
export const importShown = createEvent<string>();
/** The user chose a csv or xlsx file. */
export const importFileChosen = createEvent<File>();
/** The user changed the type a column is stored as. */
export const importColumnTypeChanged = createEvent<{ name: string; type: ImportColumnType }>();
/** The user changed the name of the table to create or replace. */
export const importTableNameChanged = createEvent<string>();
/** The user asked to import the file. */
export const importSubmitted = createEvent();
/** The user put the file aside (to choose another). */
export const importCleared = createEvent();
const importProgressed = createEvent<number>();

export const $importDatabaseId = createStore<string | null>(null, { skipVoid: false });
/** The tab now shows another database than before. */
const importDatabaseChanged = sample({
  clock: importShown,
  source: $importDatabaseId,
  filter: (shown, id) => shown !== id,
  fn: (_, id) => id,
});
$importDatabaseId.on(importDatabaseChanged, (_, id) => id);
export const $importFile = createStore<File | null>(null, { skipVoid: false })
  .on(importFileChosen, (_, file) => file)
  .reset(importCleared);

export const previewImportFx = attach({
  source: $importDatabaseId,
  effect: (id, file: File) => previewImport(id ?? '', file),
});
export const importTableFx = attach({
  source: {
    databaseId: $importDatabaseId,
    file: $importFile,
    token: $token,
    locale: $locale,
  },
  effect: ({ databaseId, file, token, locale }, { table, columns }: { table: string; columns: ImportColumn[] }) => {
    // Bound now, while the effect runs in the page's scope: progress arrives later, from the browser.
    const progressed = scopeBind(importProgressed, { safe: true });
    return importTable({
      databaseId: databaseId ?? '',
      file: file as File,
      table,
      columns,
      auth: { token, locale },
      onProgress: progressed,
    });
  },
});

export const $preview = createStore<ImportPreviewResponse | null>(null, { skipVoid: false })
  .on(previewImportFx.doneData, (_, preview) => preview)
  .reset(importFileChosen, importCleared);
export const $previewing = previewImportFx.pending;
export const $previewFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(previewImportFx.failData, (_, error) => toFailure(error))
  .reset(importFileChosen, importCleared);
/** The columns as they will be imported: the preview's, with the types the user chose. */
export const $importColumns = createStore<ImportColumn[]>([])
  .on(previewImportFx.doneData, (_, preview) => preview.columns)
  .on(importColumnTypeChanged, (columns, { name, type }) =>
    columns.map((column) => (column.name === name ? { ...column, type } : column)),
  )
  .reset(importFileChosen, importCleared);
export const $importTableName = createStore('')
  .on(importFileChosen, (_, file) => tableNameOf(file.name))
  .on(importTableNameChanged, (_, name) => name)
  .reset(importCleared);
export const $importing = importTableFx.pending;
export const $importProgress = createStore(0)
  .on(importProgressed, (_, fraction) => fraction)
  .reset(importTableFx);
export const $importResult = createStore<ImportTableResponse | null>(null, { skipVoid: false })
  .on(importTableFx.doneData, (_, result) => result)
  .reset(importFileChosen, importCleared, importTableFx);
export const $importRowErrors = createStore<ImportRowError[] | null>(null, { skipVoid: false })
  .on(importTableFx.failData, (_, error) => importRowErrors(error))
  .reset(importFileChosen, importCleared, importTableFx, importColumnTypeChanged);
/** Why the import failed, when it is not rows that did not fit. */
export const $importFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(importTableFx.failData, (_, error) => (importRowErrors(error) ? null : toFailure(error)))
  .reset(importFileChosen, importCleared, importTableFx);

// Another database: start over.
sample({ clock: importDatabaseChanged, fn: () => undefined, target: importCleared });
sample({ clock: importFileChosen, target: previewImportFx });
sample({
  clock: importSubmitted,
  source: { file: $importFile, table: $importTableName, columns: $importColumns, importing: $importing },
  filter: ({ file, table, columns, importing }) =>
    file !== null && table.trim() !== '' && columns.length > 0 && !importing,
  fn: ({ table, columns }) => ({ table: table.trim(), columns }),
  target: importTableFx,
});
// Imported now: the new table shows in the other tabs.
sample({ clock: importTableFx.doneData, filter: (result) => !result.taskId, target: tablesChanged });
