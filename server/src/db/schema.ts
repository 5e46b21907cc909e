import type { Generated } from 'kysely';
import type {
  CaseSource,
  CaseStatus,
  DatabaseKind,
  DatabaseQueryMode,
  DatasetFileStatus,
  DatasetFileType,
  FlowVersion,
  LedgerKind,
  Role,
  TaskStatus,
  TaskType,
} from '@flotilla/shared/contracts';
import type { CaseComparisonTables } from './tables/case-comparisons';
import type { CaseFileTables } from './tables/case-files';
import type { CaseTeamTables } from './tables/case-teams';
import type { SmsTables } from './tables/sms';
import type { OidcTables } from './tables/oidc';

/**
 * Tables as the code sees them. Names are camelCase here and snake_case in the database: Kysely's
 * CamelCasePlugin (db/database.ts) is the one place that maps them. Booleans are 0/1 integers (SQLite
 * has no boolean and better-sqlite3 cannot bind one); timestamps are ISO-8601 strings; ids random UUIDs.
 */
export type Flag = 0 | 1;

export interface TenantsTable {
  id: string;
  name: string;
  createdAt: string;
}

export interface UsersTable {
  id: string;
  tenantId: string;
  username: string;
  passwordHash: string;
  nickname: string;
  avatar: string;
  phone: string;
  role: Role;
  isAgent: Flag;
  ban: Flag;
  /** The first admin of the first tenant: may create tenants. */
  isPlatformOwner: Flag;
  /** JSON array of strings. */
  permissions: string;
  createdAt: string;
  updatedAt: string;
}

export interface TokensTable {
  /** sha256 of the opaque token; the token itself is never stored. */
  tokenHash: string;
  tenantId: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

export interface MenuItemsTable {
  key: string;
  parentKey: string | null;
  titleZh: string;
  titleEn: string;
  path: string;
  icon: string;
  sortOrder: number;
  /** Position in the seed file: breaks ties of sortOrder. */
  position: number;
  hidden: Flag;
}

export interface MenuItemRolesTable {
  itemKey: string;
  role: Role;
}

export interface ProcessesTable {
  processId: string;
  tenantId: string;
  adminId: string;
  name: string;
  description: string;
  icon: string;
  type: 'simple' | 'flow';
  enabled: Flag;
  createdAt: string;
  updatedAt: string;
}

export interface ProcessTagsTable {
  id: string;
  tenantId: string;
  name: string;
  createdAt: string;
}

export interface ProcessTagBindingsTable {
  tenantId: string;
  processId: string;
  tagId: string;
}

export interface SharesTable {
  shareId: string;
  tenantId: string;
  processId: string;
  enabled: Flag;
  welcome: string;
  /** JSON array of strings. */
  suggestedQuestions: string;
  themeColor: string;
  /** JSON array of origins; empty: any. */
  allowedOrigins: string;
  rateLimitPerMinute: number;
  /** ISO instant after which the share answers 404; null: never. */
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A robot's basic config; no row means the defaults (DEFAULT_BASIC_CONFIG). */
export interface ProcessConfigsTable {
  processId: string;
  tenantId: string;
  model: string;
  systemPrompt: string;
  temperature: number;
  historyLength: number;
  fallbackReply: string;
  /** JSON array of dataset ids. */
  datasetIds: string;
  /** JSON array of database ids. */
  databaseIds: string;
  librarySearch: Flag;
  dbSearch: Flag;
  updatedAt: string;
}

export interface DatasetsTable {
  id: string;
  tenantId: string;
  name: string;
  description: string;
  fileCount: number;
  segmentCount: number;
  chunkSize: number;
  overlap: number;
  /** JSON array; empty: DEFAULT_SEPARATORS. */
  separators: string;
  embeddingModel: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CasesTable {
  id: string;
  tenantId: string;
  processId: string;
  title: string;
  customer: string;
  phone: string;
  status: CaseStatus;
  checked: Flag;
  source: CaseSource;
  /** JSON object of the collected values by field name (CaseFormValues). */
  form: string;
  /** The conversation it came from; null for a case opened by hand without one. */
  sessionId: string | null;
  /** The visitor's uuid and the share link, for a case opened from a share link's conversation. */
  visitorId: string | null;
  shareId: string | null;
  teamId: string | null;
  assigneeId: string | null;
  notes: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
}

/** A robot's case form; no row: disabled with no fields. */
export interface CaseFormsTable {
  tenantId: string;
  processId: string;
  enabled: Flag;
  /** JSON array of CaseFormField. */
  fields: string;
  updatedAt: string;
}

export type ChatChannel = 'visitor' | 'staff' | 'api';

export interface ChatSessionsTable {
  sessionId: string;
  tenantId: string;
  processId: string;
  /** A visitor uuid (channel visitor), a user id (staff) or an API secret id (api). */
  userId: string;
  channel: ChatChannel;
  title: string;
  topic: string;
  chatCompletionType: string;
  /** The share link a visitor came through; null for staff and API sessions. */
  shareId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CompletionsTable {
  id: string;
  tenantId: string;
  processId: string;
  sessionId: string;
  userId: string;
  channel: ChatChannel;
  question: string;
  answer: string;
  /** JSON arrays of attachments and citations. */
  images: string;
  files: string;
  citations: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  cost: number;
  status: 'done' | 'stopped' | 'error';
  errorCode: string | null;
  /** JSON array of the flow's trace steps (what each node did). */
  trace: string;
  feedback: 'like' | 'dislike' | null;
  feedbackText: string;
  checked: Flag;
  /** 1: the answer was the robot's fallback reply (or empty): unanswered on the dashboard. */
  fallback: Generated<Flag>;
  createdAt: string;
}

/** Answers counted per quarter hour (UTC), robot and share link: what the dashboard sums (docs/dashboard.md). */
export interface DashboardSlotsTable {
  tenantId: string;
  /** Minutes since the epoch / 15. */
  slot: number;
  processId: string;
  /** '' for answers through no share link. */
  shareId: string;
  answers: number;
  fallbacks: number;
  likes: number;
  dislikes: number;
  /** Debits less refunds of these answers. */
  credits: number;
  /** Sessions whose first answer falls in the slot. */
  sessions: number;
}

/** A UTC offset whose viewers' days the tenant's answers are also counted by (dashboard_days). */
export interface DashboardOffsetsTable {
  tenantId: string;
  /** Minutes east of UTC. */
  utcOffset: number;
  createdAt: string;
}

/** The slots' counts summed by day of one of the tenant's offsets, kept with them. */
export interface DashboardDaysTable {
  tenantId: string;
  utcOffset: number;
  /** Days since 1970-01-01 in that offset. */
  day: number;
  processId: string;
  shareId: string;
  answers: number;
  fallbacks: number;
  likes: number;
  dislikes: number;
  credits: number;
  sessions: number;
}

export interface ProcessFlowsTable {
  processId: string;
  tenantId: string;
  version: FlowVersion;
  /** JSON `{ nodes, edges }`. */
  draft: string;
  published: string | null;
  publishedAt: string | null;
  publishedVersionId: string | null;
  updatedAt: string;
}

export interface ProcessFlowVersionsTable {
  id: string;
  tenantId: string;
  processId: string;
  number: number;
  version: FlowVersion;
  graph: string;
  nodeCount: number;
  publishedAt: string;
  publishedBy: string;
}

export interface FlowSessionStatesTable {
  sessionId: string;
  tenantId: string;
  processId: string;
  /** JSON FlowSessionState (engine/flow): session variables, collected forms, the node waiting for an answer. */
  state: string;
  updatedAt: string;
}

export interface BusinessScenesTable {
  processId: string;
  tenantId: string;
  templateId: string;
  /** JSON of the form's values by field name (text, or dataset ids). */
  values: string;
  createdAt: string;
  updatedAt: string;
}

/** A database robots may read (`databases`); the password sealed by lib/secret-box.ts, null when none. */
export interface DatabaseConnectionsTable {
  id: string;
  tenantId: string;
  name: string;
  kind: DatabaseKind;
  /** Empty, and port 0, for a built-in database. */
  host: string;
  port: number;
  databaseName: string;
  userName: string;
  passwordEncrypted: string | null;
  description: string;
  createdAt: string;
  updatedAt: string;
}

/** A stored column note of `database_tables.columns` (JSON). */
export interface DatabaseColumnNote {
  name: string;
  /** Null: the default (primary key and unique columns are keys). */
  key: boolean | null;
  description: string;
}

export interface DatabaseTablesTable {
  databaseId: string;
  tenantId: string;
  name: string;
  description: string;
  /** JSON of DatabaseColumnNote[]. */
  columns: string;
  updatedAt: string;
}

export interface DatabaseQueriesTable {
  id: string;
  databaseId: string;
  tenantId: string;
  processId: string;
  sessionId: string;
  question: string;
  mode: DatabaseQueryMode;
  sql: string;
  rows: number;
  ms: number;
  refused: string | null;
  createdAt: string;
}

export interface CreditBalancesTable {
  userId: string;
  tenantId: string;
  balance: number;
}

export interface CreditLedgerTable {
  id: string;
  tenantId: string;
  userId: string;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  completionId: string | null;
  remark: string;
  createdAt: string;
}

export interface CreditPackagesTable {
  id: string;
  tenantId: string;
  name: string;
  priceCents: number;
  credits: number;
  createdAt: string;
}

export interface CreditSettingsTable {
  tenantId: string;
  lowBalanceThreshold: number;
}

/** A staff user's referral code: unique across tenants, so a code alone names its tenant. */
export interface ReferralCodesTable {
  code: string;
  tenantId: string;
  userId: string;
  createdAt: string;
}

/** A tenant's referral programme; no row means the defaults (off, no rewards, new users are operators). */
export interface ReferralSettingsTable {
  tenantId: string;
  enabled: Flag;
  referrerReward: number;
  refereeReward: number;
  newUserRole: 'operator' | 'agent';
  /** Registering needs a code sent to the phone (migration 024). */
  requirePhoneCode: Generated<Flag>;
  updatedAt: string;
}

/** Who registered with whose code, and the credits each side got. */
export interface ReferralsTable {
  id: string;
  tenantId: string;
  referrerId: string;
  refereeId: string;
  /** Normalised (no spaces or dashes). */
  phone: string;
  referrerReward: number;
  refereeReward: number;
  createdAt: string;
}

/** Every phone that registered with a code in a tenant, kept when its user goes: a phone is rewarded once. */
export interface ReferralPhonesTable {
  tenantId: string;
  phone: string;
  rewarded: Flag;
  createdAt: string;
}

export interface ApiSecretsTable {
  id: string;
  tenantId: string;
  processId: string;
  name: string;
  prefix: string;
  /** sha256 hex of the secret. */
  secretHash: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface UploadsTable {
  id: string;
  tenantId: string;
  ownerId: string;
  kind: 'image' | 'file' | 'icon';
  name: string;
  /** Path under the data directory's `files/`. */
  storageKey: string;
  size: number;
  contentType: string;
  createdAt: string;
}

export interface DatasetCataloguesTable {
  id: string;
  tenantId: string;
  datasetId: string;
  parentId: string | null;
  name: string;
  createdAt: string;
}

export interface DatasetFilesTable {
  id: string;
  tenantId: string;
  datasetId: string;
  catalogueId: string | null;
  name: string;
  type: DatasetFileType;
  size: number;
  contentType: string;
  /** Path of the original under the data directory's `files/`. */
  storageKey: string;
  status: DatasetFileStatus;
  /** An error code; localised when read. */
  error: string | null;
  segmentCount: number;
  chunkSize: number;
  overlap: number;
  /** JSON array. */
  separators: string;
  jobId: string | null;
  /** The generation of its segments readers see (see migration 008). */
  generation: Generated<number>;
  /** The highest generation handed to a job run: each run writes its segments into a new one. */
  latestGeneration: Generated<number>;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface SegmentsTable {
  id: string;
  tenantId: string;
  datasetId: string;
  /** Null: a QA pair entered by hand. */
  fileId: string | null;
  position: number;
  text: string;
  question: string | null;
  answer: string | null;
  enabled: Flag;
  /** `searchText()` of question + text: what the full-text index reads. */
  searchText: string;
  /** Float32Array bytes of the dataset's embedding model. */
  embedding: Buffer | null;
  /** Visible when equal to its file's `generation` (0 for QA pairs of no file). */
  generation: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface JobsTable {
  id: string;
  tenantId: string;
  userId: string;
  type: TaskType;
  status: TaskStatus;
  progress: number;
  /** An error code; localised when read. */
  error: string | null;
  title: string;
  datasetId: string | null;
  fileId: string | null;
  /** JSON: what the job works on, fixed when it is queued. */
  payload: string;
  /** JSON: where a running job got to, saved with the work it did (a restart goes on from there). */
  checkpoint: string;
  attempts: number;
  heartbeatAt: string | null;
  /** When the running attempt started parsing its file; null outside a parse. */
  parsingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A counter per tenant and area, raised by every write to that area: readers cache by it. */
export interface DataVersionsTable {
  tenantId: string;
  area: string;
  version: number;
}

/** Every table; the case areas' and the SMS tables are declared in db/tables/. */
export interface DB extends CaseTeamTables, CaseFileTables, CaseComparisonTables, SmsTables, OidcTables {
  tenants: TenantsTable;
  users: UsersTable;
  tokens: TokensTable;
  menuItems: MenuItemsTable;
  menuItemRoles: MenuItemRolesTable;
  processes: ProcessesTable;
  processTags: ProcessTagsTable;
  processTagBindings: ProcessTagBindingsTable;
  shares: SharesTable;
  processConfigs: ProcessConfigsTable;
  datasets: DatasetsTable;
  cases: CasesTable;
  caseForms: CaseFormsTable;
  dataVersions: DataVersionsTable;
  chatSessions: ChatSessionsTable;
  completions: CompletionsTable;
  dashboardSlots: DashboardSlotsTable;
  dashboardOffsets: DashboardOffsetsTable;
  dashboardDays: DashboardDaysTable;
  creditBalances: CreditBalancesTable;
  creditLedger: CreditLedgerTable;
  creditPackages: CreditPackagesTable;
  creditSettings: CreditSettingsTable;
  referralCodes: ReferralCodesTable;
  referralSettings: ReferralSettingsTable;
  referrals: ReferralsTable;
  referralPhones: ReferralPhonesTable;
  apiSecrets: ApiSecretsTable;
  uploads: UploadsTable;
  datasetCatalogues: DatasetCataloguesTable;
  datasetFiles: DatasetFilesTable;
  segments: SegmentsTable;
  jobs: JobsTable;
  processFlows: ProcessFlowsTable;
  processFlowVersions: ProcessFlowVersionsTable;
  flowSessionStates: FlowSessionStatesTable;
  businessScenes: BusinessScenesTable;
  databases: DatabaseConnectionsTable;
  databaseTables: DatabaseTablesTable;
  databaseQueries: DatabaseQueriesTable;
}

/** Tables whose rows belong to one tenant: only reachable through `scoped()`. */
export type TenantTable = {
  [K in keyof DB]: DB[K] extends { tenantId: string } ? K : never;
}[keyof DB];
