import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';
import { CaseAnalysisStatusSchema } from './case-files';
import { TotalSchema } from './cases';
import { CitationSchema } from './chat';
import { endpoint } from './endpoint';

/**
 * A file report: a robot's answers to the questions of a case file, with the totals. The totals count the
 * questions answered so far while the analysis runs.
 */
export const CaseFileReportSchema = Type.Object({
  id: IdSchema,
  fileId: IdSchema,
  fileName: Type.String(),
  processId: IdSchema,
  /** Empty when the robot was deleted. */
  processName: Type.String(),
  taskId: IdSchema,
  status: CaseAnalysisStatusSchema,
  /** 0..1 */
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  /** Questions of the file. */
  questionCount: Type.Integer({ minimum: 0 }),
  /** Questions the robot answered (neither its fallback reply nor a failure). */
  answeredCount: Type.Integer({ minimum: 0 }),
  /** Questions answered with the fallback reply (or nothing). */
  fallbackCount: Type.Integer({ minimum: 0 }),
  /** fallbackCount / questions asked (0 before any). */
  fallbackRate: Type.Number({ minimum: 0, maximum: 1 }),
  averageLatencyMs: Type.Integer({ minimum: 0 }),
  /** The 95th percentile (nearest rank) of the answers' latency. */
  p95LatencyMs: Type.Integer({ minimum: 0 }),
  createdAt: IsoDateSchema,
  finishedAt: Type.Union([Type.Null(), IsoDateSchema]),
});
export type CaseFileReport = Static<typeof CaseFileReportSchema>;

/** One question's result in a file report. */
export const CaseFileResultSchema = Type.Object({
  /** The question's place in the file (from 0). */
  position: Type.Integer({ minimum: 0 }),
  question: Type.String(),
  expected: Type.String(),
  answer: Type.String(),
  citations: Type.Array(CitationSchema),
  fallback: Type.Boolean(),
  latencyMs: Type.Integer({ minimum: 0 }),
  /** Why the robot could not answer (PROVIDER_ERROR, PROVIDER_TIMEOUT, FLOW_NODE_FAILED…); null when it did. */
  errorCode: Type.Union([Type.Null(), Type.String()]),
});
export type CaseFileResult = Static<typeof CaseFileResultSchema>;

/** Which file reports: of one file, or of one robot. */
export const ListCaseFileReportsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ fileId: Type.Optional(IdSchema), processId: Type.Optional(IdSchema) }),
]);
export type ListCaseFileReportsQuery = Static<typeof ListCaseFileReportsQuerySchema>;
export const CaseFileReportListResponseSchema = PageSchema(CaseFileReportSchema);
export type CaseFileReportListResponse = Static<typeof CaseFileReportListResponseSchema>;

/** One page of the tenant's file reports, newest first. */
export const ListCaseFileReports = endpoint({
  method: 'GET',
  path: '/v1/case/file/reports',
  query: ListCaseFileReportsQuerySchema,
  response: CaseFileReportListResponseSchema,
});

export const CaseFileReportParamsSchema = Type.Object({ id: IdSchema });
export type CaseFileReportParams = Static<typeof CaseFileReportParamsSchema>;

/** A file report with its totals, and one page of its results in file order. */
export const CaseFileReportDetailSchema = Type.Object({
  report: CaseFileReportSchema,
  list: Type.Array(CaseFileResultSchema),
  total: Type.Integer({ minimum: 0 }),
});
export type CaseFileReportDetail = Static<typeof CaseFileReportDetailSchema>;

/** A file report: totals and a page of per-question results. */
export const GetCaseFileReport = endpoint({
  method: 'GET',
  path: '/v1/case/file/reports/{id}',
  params: CaseFileReportParamsSchema,
  query: PageQuerySchema,
  response: CaseFileReportDetailSchema,
});

/** The name the browser saves a file report's export under (the server's Content-Disposition says the same). */
export const CASE_FILE_REPORT_EXPORT_FILE = 'case-file-report.xlsx';

export const ExportCaseFileReportBodySchema = Type.Object({ id: IdSchema });
export type ExportCaseFileReportBody = Static<typeof ExportCaseFileReportBodySchema>;

/** A file report as an xlsx workbook: totals, then one row per question. */
export const ExportCaseFileReport = endpoint({
  method: 'POST',
  path: '/v1/case/file/reports/export',
  body: ExportCaseFileReportBodySchema,
  response: Type.String({ format: 'binary' }),
  answer: 'blob',
});

/** What a row of the reports list is: a file report, or a comparison. */
export const CASE_REPORT_KINDS = ['file', 'comparison'] as const;
export type CaseReportKind = (typeof CASE_REPORT_KINDS)[number];

/** A row of every report of the tenant. */
export const CaseReportSchema = Type.Object({
  kind: Type.Union(CASE_REPORT_KINDS.map((k) => Type.Literal(k))),
  id: IdSchema,
  /** The file's name, or the comparison's. */
  name: Type.String(),
  processId: IdSchema,
  /** Empty when the robot was deleted. */
  processName: Type.String(),
  /** queued, running, done, failed or cancelled. */
  status: Type.String(),
  /** A file report's answered rate; a comparison's score (both 0..1); null until there is one. */
  headline: Type.Union([Type.Null(), Type.Number()]),
  createdAt: IsoDateSchema,
});
export type CaseReport = Static<typeof CaseReportSchema>;
export const CaseReportListResponseSchema = PageSchema(CaseReportSchema);
export type CaseReportListResponse = Static<typeof CaseReportListResponseSchema>;

/** Every report of the tenant (file reports and comparisons), newest first. */
export const ListCaseReports = endpoint({
  method: 'GET',
  path: '/v1/case/reports',
  query: PageQuerySchema,
  response: CaseReportListResponseSchema,
});

/** How many reports the tenant has. */
export const CountCaseReports = endpoint({
  method: 'GET',
  path: '/v1/case/reports/total',
  response: TotalSchema,
});
