import { createEffect, createEvent, createStore, sample } from 'effector';
import {
  createPolling,
  toFailure,
  type CaseFileReport,
  type CaseFileReportDetail,
  type CaseFileResult,
  type Failure,
  type PageQuery,
} from '@flotilla/shared';
import { exportFileReport } from './api/export-file-report';
import { getFileReport } from './api/get-file-report';

export const RESULTS_PAGE_SIZE = 20;

type ReportQuery = PageQuery & { id: string };

/** A report whose analysis is still queued or running: it is read again every 2 s. */
const isMoving = (report: CaseFileReport) => report.status === 'queued' || report.status === 'running';

/** A file report was opened (its id). */
export const fileReportOpened = createEvent<string>();
/** The report's page was left. */
export const fileReportLeft = createEvent();
/** The user went to another page of results (counted from 1). */
export const resultsPageChanged = createEvent<number>();
/** The user asked for the report again after a failure. */
export const fileReportRetried = createEvent();
/** The user asked for the report as a spreadsheet. */
export const exportClicked = createEvent();

export const loadReportFx = createEffect<ReportQuery, CaseFileReportDetail, Error>(getFileReport);
export const exportFx = createEffect<string, void, Error>(exportFileReport);
export const reportPolling = createPolling();

export const $query = createStore<ReportQuery | null>(null, { skipVoid: false })
  .on(fileReportOpened, (_, id) => ({ id, offset: 0, limit: RESULTS_PAGE_SIZE }))
  .on(resultsPageChanged, (query, page) => (query ? { ...query, offset: Math.max(0, page - 1) * query.limit } : query));
export const $report = createStore<CaseFileReport | null>(null, { skipVoid: false })
  .on(loadReportFx.doneData, (_, detail) => detail.report)
  .reset(fileReportOpened);
export const $results = createStore<CaseFileResult[]>([])
  .on(loadReportFx.doneData, (_, detail) => detail.list)
  .reset(fileReportOpened);
export const $resultTotal = createStore(0)
  .on(loadReportFx.doneData, (_, detail) => detail.total)
  .reset(fileReportOpened);
export const $page = $query.map((query) => (query ? Math.floor(query.offset / query.limit) + 1 : 1));
export const $loading = loadReportFx.pending;
export const $failure = createStore<Failure | null>(null, { skipVoid: false })
  .on(loadReportFx.failData, (_, error) => toFailure(error))
  .reset(loadReportFx.done, fileReportOpened);
export const $exporting = exportFx.pending;
export const $exportFailure = createStore<Failure | null>(null, { skipVoid: false })
  .on(exportFx.failData, (_, error) => toFailure(error))
  .reset(exportFx, fileReportOpened);

sample({ clock: fileReportOpened, target: reportPolling.started });
sample({ clock: fileReportLeft, target: reportPolling.stopped });
sample({
  clock: [fileReportOpened, resultsPageChanged, fileReportRetried, reportPolling.ticked],
  source: $query,
  filter: (query): query is ReportQuery => query !== null,
  target: loadReportFx,
});
sample({ clock: loadReportFx.doneData, fn: (detail) => isMoving(detail.report), target: reportPolling.answered });
sample({
  clock: exportClicked,
  source: { report: $report, busy: $exporting },
  filter: ({ report, busy }) => report !== null && !busy,
  fn: ({ report }) => (report as CaseFileReport).id,
  target: exportFx,
});
