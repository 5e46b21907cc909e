import type { CaseOrderStatus } from '@flotilla/shared/contracts';

/** A team of agents receiving the cases of the robots it subscribes to. */
export interface CaseTeamsTable {
  id: string;
  tenantId: string;
  name: string;
  description: string;
  /** Round-robin cursor: the member position that received the last case (0: none yet). */
  lastPosition: number;
  /** When the team last received a case; null: never. */
  routedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CaseTeamMembersTable {
  tenantId: string;
  teamId: string;
  userId: string;
  /** Place in the team's turn order; joining order, not reused within the team. */
  position: number;
  createdAt: string;
}

export interface CaseTeamProcessesTable {
  tenantId: string;
  teamId: string;
  processId: string;
  /** 0/1: whether the team currently receives this robot's cases. */
  subscribed: 0 | 1;
  createdAt: string;
}

/** A phone allowed to receive case notifications; an empty list allows every phone. */
export interface CaseSalePhonesTable {
  id: string;
  tenantId: string;
  phone: string;
  createdAt: string;
}

export interface CaseNotificationsTable {
  id: string;
  tenantId: string;
  userId: string;
  caseId: string;
  title: string;
  readAt: string | null;
  createdAt: string;
}

/** An order placed through a business-scene robot; the amount in integer cents. */
export interface CaseOrdersTable {
  id: string;
  tenantId: string;
  caseId: string;
  processId: string;
  product: string;
  quantity: number;
  amountCents: number;
  customer: string;
  phone: string;
  status: CaseOrderStatus;
  createdAt: string;
  updatedAt: string;
}

/** Tables of teams, their robots, the phone whitelist, orders and notifications (camelCase here, snake_case in the database; see db/schema.ts). */
export interface CaseTeamTables {
  caseTeams: CaseTeamsTable;
  caseTeamMembers: CaseTeamMembersTable;
  caseTeamProcesses: CaseTeamProcessesTable;
  caseSalePhones: CaseSalePhonesTable;
  caseNotifications: CaseNotificationsTable;
  caseOrders: CaseOrdersTable;
}
