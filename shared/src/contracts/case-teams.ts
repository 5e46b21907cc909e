import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, OkSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';
import { TotalSchema } from './cases';

/** Bounds of teams and the phone whitelist (docs/case-teams.md). */
export const CASE_TEAM_LIMITS = {
  nameMax: 60,
  descriptionMax: 500,
  membersMax: 100,
  /** Robots one team may receive the cases of. */
  processesMax: 200,
  /** Phones on a tenant's whitelist. */
  salePhonesMax: 1000,
  /** Cases one team export writes at most (newest first). */
  exportRowsMax: 50_000,
  /** UTF-8 bytes of cell text one team export writes at most: the cases past it are left out. */
  exportBytesMax: 16 * 1024 * 1024,
} as const;

/** The file a team export downloads as (`GET /v1/case/team/export`). */
export const CASE_TEAM_EXPORT_FILE = 'team-cases.xlsx';

/** A member of a team: a user of the tenant. */
export const CaseTeamMemberSchema = Type.Object({ id: IdSchema, nickname: Type.String() });
export type CaseTeamMember = Static<typeof CaseTeamMemberSchema>;

/** A robot a team receives cases of; `subscribed` false keeps it listed without routing its cases there. */
export const CaseTeamProcessSchema = Type.Object({
  processId: IdSchema,
  processName: Type.String(),
  subscribed: Type.Boolean(),
});
export type CaseTeamProcess = Static<typeof CaseTeamProcessSchema>;

/** A team of agents: its members in turn order and the robots whose cases it receives. */
export const CaseTeamSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  description: Type.String(),
  members: Type.Array(CaseTeamMemberSchema),
  processes: Type.Array(CaseTeamProcessSchema),
  createdAt: IsoDateSchema,
});
export type CaseTeam = Static<typeof CaseTeamSchema>;

export const CaseTeamListResponseSchema = PageSchema(CaseTeamSchema);
export type CaseTeamListResponse = Static<typeof CaseTeamListResponseSchema>;

/** `GET /v1/case/team`: `keyword` matches the team's name. */
export const ListCaseTeamsQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: CASE_TEAM_LIMITS.nameMax })) }),
]);
export type ListCaseTeamsQuery = Static<typeof ListCaseTeamsQuerySchema>;

/** `GET /v1/case/team`: one page of the tenant's teams, oldest first; an agent sees only the teams it is in. */
export const ListCaseTeams = endpoint({
  method: 'GET',
  path: '/v1/case/team',
  query: ListCaseTeamsQuerySchema,
  response: CaseTeamListResponseSchema,
});

/** `GET /v1/case/team/total`: how many teams the caller may see. */
export const CountCaseTeams = endpoint({ method: 'GET', path: '/v1/case/team/total', response: TotalSchema });

/** A team as an operator writes it: members are unfrozen users of the tenant, in turn order. */
export const CaseTeamBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: CASE_TEAM_LIMITS.nameMax }),
  description: Type.Optional(Type.String({ maxLength: CASE_TEAM_LIMITS.descriptionMax })),
  memberIds: Type.Array(IdSchema, { maxItems: CASE_TEAM_LIMITS.membersMax }),
});
export type CaseTeamBody = Static<typeof CaseTeamBodySchema>;

/** `POST /v1/case/team`: a new team (409 when the tenant has one of that name). */
export const CreateCaseTeam = endpoint({
  method: 'POST',
  path: '/v1/case/team',
  body: CaseTeamBodySchema,
  response: CaseTeamSchema,
});

export const CaseTeamParamsSchema = Type.Object({ teamId: IdSchema });
export type CaseTeamParams = Static<typeof CaseTeamParamsSchema>;

/** `PUT /v1/case/team/{teamId}`: renames a team and sets its members (members kept keep their turn). */
export const UpdateCaseTeam = endpoint({
  method: 'PUT',
  path: '/v1/case/team/{teamId}',
  params: CaseTeamParamsSchema,
  body: CaseTeamBodySchema,
  response: CaseTeamSchema,
});

/** `DELETE /v1/case/team/{teamId}`: the team goes; its cases stay, without their team. */
export const DeleteCaseTeam = endpoint({
  method: 'DELETE',
  path: '/v1/case/team/{teamId}',
  params: CaseTeamParamsSchema,
  response: OkSchema,
});

export const CaseTeamIdQuerySchema = Type.Object({ teamId: IdSchema });
export type CaseTeamIdQuery = Static<typeof CaseTeamIdQuerySchema>;
export const CaseTeamProcessListResponseSchema = PageSchema(CaseTeamProcessSchema);
export type CaseTeamProcessListResponse = Static<typeof CaseTeamProcessListResponseSchema>;

/** `GET /v1/case/team/processes?teamId=`: the robots a team receives cases of (never more than the bound). */
export const ListCaseTeamProcesses = endpoint({
  method: 'GET',
  path: '/v1/case/team/processes',
  query: CaseTeamIdQuerySchema,
  response: CaseTeamProcessListResponseSchema,
});

/**
 * `POST /v1/case/team/processes`: sets the robots a team receives: a robot left out is removed, a new one
 * starts subscribed, one kept keeps its subscription.
 */
export const SetCaseTeamProcessesBodySchema = Type.Object({
  teamId: IdSchema,
  processIds: Type.Array(IdSchema, { maxItems: CASE_TEAM_LIMITS.processesMax }),
});
export type SetCaseTeamProcessesBody = Static<typeof SetCaseTeamProcessesBodySchema>;
export const SetCaseTeamProcesses = endpoint({
  method: 'POST',
  path: '/v1/case/team/processes',
  body: SetCaseTeamProcessesBodySchema,
  response: CaseTeamProcessListResponseSchema,
});

export const CaseTeamSubscriptionBodySchema = Type.Object({ teamId: IdSchema, processId: IdSchema });
export type CaseTeamSubscriptionBody = Static<typeof CaseTeamSubscriptionBodySchema>;

/** `POST /v1/case/team/subscribe/enable`: the team receives the robot's cases again (adds the robot if missing). */
export const EnableCaseTeamSubscription = endpoint({
  method: 'POST',
  path: '/v1/case/team/subscribe/enable',
  body: CaseTeamSubscriptionBodySchema,
  response: CaseTeamProcessSchema,
});

/** `POST /v1/case/team/subscribe/disable`: the robot stays on the team's list but its cases go elsewhere. */
export const DisableCaseTeamSubscription = endpoint({
  method: 'POST',
  path: '/v1/case/team/subscribe/disable',
  body: CaseTeamSubscriptionBodySchema,
  response: CaseTeamProcessSchema,
});

/** `GET /v1/case/team/export?teamId=`: the team's cases as an xlsx file ({@link CASE_TEAM_EXPORT_FILE}). */
export const ExportCaseTeam = endpoint({
  method: 'GET',
  path: '/v1/case/team/export',
  query: CaseTeamIdQuerySchema,
  response: Type.String({ format: 'binary' }),
  answer: 'blob',
});

/**
 * A phone as written on the whitelist: digits with an optional leading `+`; spaces and dashes are dropped
 * when stored and when compared with a member's phone.
 */
export const SalePhoneSchema = Type.String({ minLength: 1, maxLength: 32, pattern: '^\\+?[0-9][0-9 -]*$' });

/** A phone allowed to receive case notifications. */
export const CaseSalePhoneSchema = Type.Object({ id: IdSchema, phone: Type.String(), createdAt: IsoDateSchema });
export type CaseSalePhone = Static<typeof CaseSalePhoneSchema>;
export const CaseSalePhoneListResponseSchema = PageSchema(CaseSalePhoneSchema);
export type CaseSalePhoneListResponse = Static<typeof CaseSalePhoneListResponseSchema>;

/** `GET /v1/case/sale/phone`: `keyword` is digits found in the phone. */
export const ListCaseSalePhonesQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 32 })) }),
]);
export type ListCaseSalePhonesQuery = Static<typeof ListCaseSalePhonesQuerySchema>;

/**
 * `GET /v1/case/sale/phone`: the tenant's whitelist, in phone order. Empty: every member may receive cases;
 * otherwise only members whose phone is on it (docs/case-teams.md).
 */
export const ListCaseSalePhones = endpoint({
  method: 'GET',
  path: '/v1/case/sale/phone',
  query: ListCaseSalePhonesQuerySchema,
  response: CaseSalePhoneListResponseSchema,
});

export const AddCaseSalePhoneBodySchema = Type.Object({ phone: SalePhoneSchema });
export type AddCaseSalePhoneBody = Static<typeof AddCaseSalePhoneBodySchema>;

/** `POST /v1/case/sale/phone`: adds a phone (409 when listed already or when the list is full). */
export const AddCaseSalePhone = endpoint({
  method: 'POST',
  path: '/v1/case/sale/phone',
  body: AddCaseSalePhoneBodySchema,
  response: CaseSalePhoneSchema,
});

export const CaseSalePhoneIdQuerySchema = Type.Object({ id: IdSchema });
export type CaseSalePhoneIdQuery = Static<typeof CaseSalePhoneIdQuerySchema>;

/** `DELETE /v1/case/sale/phone?id=`: takes a phone off the whitelist. */
export const DeleteCaseSalePhone = endpoint({
  method: 'DELETE',
  path: '/v1/case/sale/phone',
  query: CaseSalePhoneIdQuerySchema,
  response: OkSchema,
});
