import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';

export const CASE_STATUSES = ['open', 'following', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** A case: what a robot opened from a conversation for an agent to follow up (a lead, an order, a complaint). */
export const CaseSchema = Type.Object({
  id: IdSchema,
  processId: IdSchema,
  processName: Type.String(),
  title: Type.String(),
  customer: Type.String(),
  phone: Type.String(),
  status: Type.Union(CASE_STATUSES.map((s) => Type.Literal(s))),
  checked: Type.Boolean(),
  createdAt: IsoDateSchema,
});
export type Case = Static<typeof CaseSchema>;

/** `GET /v1/case`. */
export const ListCasesQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    processId: Type.Optional(IdSchema),
    status: Type.Optional(Type.Union(CASE_STATUSES.map((s) => Type.Literal(s)))),
  }),
]);
export type ListCasesQuery = Static<typeof ListCasesQuerySchema>;
export const CaseListResponseSchema = PageSchema(CaseSchema);
export type CaseListResponse = Static<typeof CaseListResponseSchema>;

/** One page of the tenant's cases, newest first, filtered by keyword, robot and status. */
export const ListCases = endpoint({
  method: 'GET',
  path: '/v1/case',
  query: ListCasesQuerySchema,
  response: CaseListResponseSchema,
});
