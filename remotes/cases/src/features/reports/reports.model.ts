import { createPagedList, type CaseReport, type PageQuery } from '@flotilla/shared';
import { listReports } from './api/list-reports';

export const REPORTS_PAGE_SIZE = 20;

/** Every report of the tenant, newest first, paged on the server. */
export const reportList = createPagedList<PageQuery, CaseReport>({
  fetchPage: listReports,
  itemKey: (report) => `${report.kind}:${report.id}`,
  pageSize: REPORTS_PAGE_SIZE,
});

/** The reports list was opened. */
export const reportsPageOpened = reportList.pageOpened;
