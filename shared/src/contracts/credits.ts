import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema } from './common';
import { endpoint } from './endpoint';
import { UserIdParamsSchema } from './users';

/** Credits are whole units: a model's price per answer, a recharge's amount. */
export const CREDIT_LIMITS = { rechargeMax: 10_000_000 } as const;

/** `POST /v1/users/recharge` (form userId, amount, remark): admins add credits to a user of their tenant. */
export const RechargeBodySchema = Type.Object({
  userId: IdSchema,
  amount: Type.Integer({ minimum: 1, maximum: CREDIT_LIMITS.rechargeMax }),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});
export type RechargeBody = Static<typeof RechargeBodySchema>;

/** Why a balance changed: a recharge, an answer's price, its refund, a referral reward, an admin's correction. */
export const LEDGER_KINDS = ['recharge', 'answer', 'refund', 'referral', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** One row of a user's credit ledger: every change of a balance has one. */
export const LedgerEntrySchema = Type.Object({
  id: IdSchema,
  userId: IdSchema,
  kind: Type.Union(LEDGER_KINDS.map((k) => Type.Literal(k))),
  /** Positive adds, negative debits. */
  amount: Type.Integer(),
  balanceAfter: Type.Integer(),
  completionId: Type.Union([Type.Null(), IdSchema]),
  remark: Type.String(),
  createdAt: IsoDateSchema,
});
export type LedgerEntry = Static<typeof LedgerEntrySchema>;

/** `POST /v1/users/recharge` answer and `GET /v1/users/{id}/credits` (the ledger, newest first, paged). */
export const CreditsResponseSchema = Type.Object({
  userId: IdSchema,
  balance: Type.Integer(),
  ledger: Type.Array(LedgerEntrySchema),
  total: Type.Integer({ minimum: 0 }),
});
export type CreditsResponse = Static<typeof CreditsResponseSchema>;

/** Adds credits to a user of the tenant (admin only); answers the user's statement. */
export const RechargeUser = endpoint({
  method: 'POST',
  path: '/v1/users/recharge',
  body: RechargeBodySchema,
  response: CreditsResponseSchema,
});
/** A user's credit balance and ledger, newest first. */
export const GetUserCredits = endpoint({
  method: 'GET',
  path: '/v1/users/{id}/credits',
  params: UserIdParamsSchema,
  query: PageQuerySchema,
  response: CreditsResponseSchema,
});
