import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, OkSchema, PageQuerySchema, PageSchema } from './common';
import { TotalSchema } from './cases';
import { endpoint } from './endpoint';
import { TASK_STATUSES } from './tasks';

/** Bounds of case files (docs/case-files.md). */
export const CASE_FILE_LIMITS = {
  /** The largest upload read (a larger one answers 422 UPLOAD_TOO_LARGE). */
  bytes: 5 * 1024 * 1024,
  /** Question rows a file may hold below its header row (more answers 422 CASE_FILE_TOO_MANY_ROWS). */
  rows: 1000,
  /** Characters of a question; of an expected or logged answer, and of a session id. */
  questionMax: 2000,
  textMax: 20_000,
  sessionMax: 200,
  keywordMax: 100,
  /** Files one call deletes at most. */
  deleteMax: 100,
} as const;

/** What a case file is read from: a spreadsheet (first sheet), a UTF-8 csv, or a JSON array of objects. */
export const CASE_FILE_TYPES = ['xlsx', 'csv', 'json'] as const;
export type CaseFileType = (typeof CASE_FILE_TYPES)[number];
/** The file names' endings an upload picker offers. */
export const CASE_FILE_ACCEPT = '.xlsx,.csv,.json';

/** A question set (questions, maybe expected answers) or a conversation log (with the answers given then). */
export const CASE_FILE_KINDS = ['questions', 'conversations'] as const;
export type CaseFileKind = (typeof CASE_FILE_KINDS)[number];

/** Where an analysis is: its task's status (done once the report's totals are written). */
export const CaseAnalysisStatusSchema = Type.Union(TASK_STATUSES.map((s) => Type.Literal(s)));
export type CaseAnalysisStatus = Static<typeof CaseAnalysisStatusSchema>;

/** An analysis of a case file by a robot: its task, and the file report it writes. */
export const CaseFileAnalysisSchema = Type.Object({
  /** The file report (its totals and results are complete once `status` is done). */
  reportId: IdSchema,
  fileId: IdSchema,
  processId: IdSchema,
  /** Empty when the robot was deleted. */
  processName: Type.String(),
  /** The task in the task list (cancel, retry). */
  taskId: IdSchema,
  status: CaseAnalysisStatusSchema,
  /** 0..1 */
  progress: Type.Number({ minimum: 0, maximum: 1 }),
  createdAt: IsoDateSchema,
});
export type CaseFileAnalysis = Static<typeof CaseFileAnalysisSchema>;

/** An uploaded case file: its rows were read at upload. */
export const CaseFileSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  kind: Type.Union(CASE_FILE_KINDS.map((k) => Type.Literal(k))),
  type: Type.Union(CASE_FILE_TYPES.map((t) => Type.Literal(t))),
  /** Bytes uploaded. */
  size: Type.Integer({ minimum: 0 }),
  /** Questions read. */
  rowCount: Type.Integer({ minimum: 0 }),
  createdAt: IsoDateSchema,
  /** The newest analysis of the file, if any. */
  analysis: Type.Union([Type.Null(), CaseFileAnalysisSchema]),
});
export type CaseFile = Static<typeof CaseFileSchema>;

/** Uploads a case file (multipart `file`: xlsx, csv or json) and reads its questions; answers the file. */
export const UploadCaseFile = endpoint({
  method: 'POST',
  path: '/v1/case/file',
  bodyAs: 'multipart',
  response: CaseFileSchema,
});

/** `keyword` matches the file's name. */
export const CaseFileFilterQuerySchema = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: CASE_FILE_LIMITS.keywordMax })),
});
export type CaseFileFilterQuery = Static<typeof CaseFileFilterQuerySchema>;
export const ListCaseFilesQuerySchema = Type.Composite([PageQuerySchema, CaseFileFilterQuerySchema]);
export type ListCaseFilesQuery = Static<typeof ListCaseFilesQuerySchema>;
export const CaseFileListResponseSchema = PageSchema(CaseFileSchema);
export type CaseFileListResponse = Static<typeof CaseFileListResponseSchema>;

/** One page of the tenant's case files, newest first. */
export const ListCaseFiles = endpoint({
  method: 'GET',
  path: '/v1/case/file/list',
  query: ListCaseFilesQuerySchema,
  response: CaseFileListResponseSchema,
});

/** How many case files match the filter. */
export const CountCaseFiles = endpoint({
  method: 'GET',
  path: '/v1/case/file/total',
  query: CaseFileFilterQuerySchema,
  response: TotalSchema,
});

export const CaseFileIdQuerySchema = Type.Object({ id: IdSchema });
export type CaseFileIdQuery = Static<typeof CaseFileIdQuerySchema>;

/** Deletes one case file with its rows and reports (409 CASE_FILE_IN_USE while an analysis of it runs). */
export const DeleteCaseFile = endpoint({
  method: 'DELETE',
  path: '/v1/case/file',
  query: CaseFileIdQuerySchema,
  response: OkSchema,
});

export const DeleteCaseFilesBodySchema = Type.Object({
  ids: Type.Array(IdSchema, { minItems: 1, maxItems: CASE_FILE_LIMITS.deleteMax }),
});
export type DeleteCaseFilesBody = Static<typeof DeleteCaseFilesBodySchema>;

/** Deletes several case files, all or none (404 when one is not the tenant's, 409 when one is being analysed). */
export const DeleteCaseFiles = endpoint({
  method: 'DELETE',
  path: '/v1/case/file/list',
  body: DeleteCaseFilesBodySchema,
  response: Type.Object({ deleted: Type.Integer({ minimum: 0 }) }),
});

export const StartCaseFileAnalysisBodySchema = Type.Object({ fileId: IdSchema, processId: IdSchema });
export type StartCaseFileAnalysisBody = Static<typeof StartCaseFileAnalysisBodySchema>;

/** Queues an analysis: the robot answers each question of the file (a task; its result is a file report). */
export const StartCaseFileAnalysis = endpoint({
  method: 'POST',
  path: '/v1/case/file/analysis',
  body: StartCaseFileAnalysisBodySchema,
  response: CaseFileAnalysisSchema,
});

/** `fileId`: the file's newest analysis; `id`: the analysis of that report. Exactly one of the two. */
export const GetCaseFileAnalysisQuerySchema = Type.Object({
  fileId: Type.Optional(IdSchema),
  id: Type.Optional(IdSchema),
});
export type GetCaseFileAnalysisQuery = Static<typeof GetCaseFileAnalysisQuerySchema>;

/** Where an analysis is: status, progress, and its report. */
export const GetCaseFileAnalysis = endpoint({
  method: 'GET',
  path: '/v1/case/file/analysis',
  query: GetCaseFileAnalysisQuerySchema,
  response: CaseFileAnalysisSchema,
});
