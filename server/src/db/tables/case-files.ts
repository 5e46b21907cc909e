import type { CaseFileKind, CaseFileType } from '@flotilla/shared/contracts';

/** An uploaded conversation log or question set; its rows were parsed at upload (the bytes are not kept). */
export interface CaseFilesTable {
  id: string;
  tenantId: string;
  /** The uploaded file's safe name. */
  name: string;
  kind: CaseFileKind;
  type: CaseFileType;
  /** Bytes uploaded. */
  size: number;
  rowCount: number;
  createdBy: string;
  createdAt: string;
}

/** One question of a case file, in file order (`position` from 0). */
export interface CaseFileRowsTable {
  tenantId: string;
  fileId: string;
  position: number;
  question: string;
  /** The expected answer; empty when the file gives none. */
  expected: string;
  /** What the logged conversation answered, and its session (conversation logs; else empty). */
  answer: string;
  session: string;
}

/** One analysis of a case file by a robot: queued with its job, its totals written when the job is done. */
export interface CaseFileReportsTable {
  id: string;
  tenantId: string;
  fileId: string;
  processId: string;
  jobId: string;
  /** 1 once the job wrote the totals; until then the job's status is the analysis's. */
  done: number;
  questionCount: number;
  answeredCount: number;
  fallbackCount: number;
  averageLatencyMs: number;
  p95LatencyMs: number;
  createdBy: string;
  createdAt: string;
  finishedAt: string | null;
}

/** One question's result in a file report (`position`: the row's in the file). */
export interface CaseFileResultsTable {
  tenantId: string;
  reportId: string;
  position: number;
  question: string;
  expected: string;
  answer: string;
  /** JSON array of the answer's citations. */
  citations: string;
  /** 1: the robot gave its fallback reply (or nothing). */
  fallback: number;
  latencyMs: number;
  errorCode: string | null;
}

/** Tables of case files, their rows, analyses and file reports (camelCase here, snake_case in the database; see db/schema.ts). */
export interface CaseFileTables {
  caseFiles: CaseFilesTable;
  caseFileRows: CaseFileRowsTable;
  caseFileReports: CaseFileReportsTable;
  caseFileResults: CaseFileResultsTable;
}
