import type { ComparisonStatus } from '@flotilla/shared/contracts';

/** A comparison: one robot (and maybe a second) run over a question set, with the aggregate scores. */
export interface CaseComparisonsTable {
  id: string;
  tenantId: string;
  name: string;
  processId: string;
  /** The second robot, when the comparison sets two side by side. */
  compareProcessId: string | null;
  status: ComparisonStatus;
  /** Mean of the items' scores (0..1); null until the comparison is done. */
  score: number | null;
  compareScore: number | null;
  questionCount: number;
  answeredCount: number;
  /** Questions where the first robot scored higher than the second (and lower: worse). */
  betterCount: number;
  worseCount: number;
  /** An error code of a failed run; localised when read. */
  error: string | null;
  /** The job running it now (or last). */
  jobId: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

/** One question of a comparison, with its answers once the job reached it. */
export interface CaseComparisonItemsTable {
  id: string;
  tenantId: string;
  comparisonId: string;
  position: number;
  question: string;
  expected: string;
  answer: string | null;
  score: number | null;
  compareAnswer: string | null;
  compareScore: number | null;
  answeredAt: string | null;
}

/** Calls, tokens and errors of one API secret on one UTC day (`YYYY-MM-DD`). */
export interface CaseKeyUsageTable {
  tenantId: string;
  secretId: string;
  processId: string;
  day: string;
  calls: number;
  tokens: number;
  errors: number;
}

/** Tables of comparisons and API secret usage (camelCase here, snake_case in the database; see db/schema.ts). */
export interface CaseComparisonTables {
  caseComparisons: CaseComparisonsTable;
  caseComparisonItems: CaseComparisonItemsTable;
  caseKeyUsage: CaseKeyUsageTable;
}
