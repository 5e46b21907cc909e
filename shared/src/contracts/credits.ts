import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, OkSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';
import { UserIdParamsSchema } from './users';

/**
 * Credits are whole units: a model's price per answer, a recharge's amount. Package prices are money in
 * cents (whole numbers too, so no rounding ever shows).
 */
export const CREDIT_LIMITS = {
  rechargeMax: 10_000_000,
  /** No balance goes above this (it fits the balance column of every database, with room for one change). */
  balanceMax: 1_000_000_000,
  remarkMax: 200,
  /** Packages a tenant may offer: a short menu, not a catalogue. */
  packagesMax: 50,
  packageNameMax: 60,
  packagePriceCentsMax: 100_000_000,
  thresholdMax: 10_000_000,
  /** Rows one ledger export writes at most (newest first); narrow the filters for older ones. */
  exportRowsMax: 100_000,
} as const;

const RemarkSchema = Type.String({ maxLength: CREDIT_LIMITS.remarkMax });

/**
 * `POST /v1/users/recharge` (form userId, amount, remark; JSON too): admins add credits to a user of their
 * tenant, either `amount` credits or the credits of the package `packageId` (exactly one of the two).
 */
export const RechargeBodySchema = Type.Object({
  userId: IdSchema,
  amount: Type.Optional(Type.Integer({ minimum: 1, maximum: CREDIT_LIMITS.rechargeMax })),
  packageId: Type.Optional(IdSchema),
  remark: Type.Optional(RemarkSchema),
});
export type RechargeBody = Static<typeof RechargeBodySchema>;

/**
 * `POST /v1/users/credits/adjust`: an admin's correction of a balance, up or down (never below zero), with
 * the reason, which the ledger keeps.
 */
export const AdjustCreditsBodySchema = Type.Object({
  userId: IdSchema,
  /** Positive adds, negative takes away; zero is refused. */
  amount: Type.Integer({ minimum: -CREDIT_LIMITS.rechargeMax, maximum: CREDIT_LIMITS.rechargeMax }),
  remark: Type.String({ minLength: 1, maxLength: CREDIT_LIMITS.remarkMax }),
});
export type AdjustCreditsBody = Static<typeof AdjustCreditsBodySchema>;

/** Why a balance changed: a recharge, an answer's price, its refund, a referral reward, an admin's correction. */
export const LEDGER_KINDS = ['recharge', 'answer', 'refund', 'referral', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LedgerKindSchema = Type.Union(LEDGER_KINDS.map((k) => Type.Literal(k)));

/** One row of a user's credit ledger: every change of a balance has one. */
export const LedgerEntrySchema = Type.Object({
  id: IdSchema,
  userId: IdSchema,
  kind: LedgerKindSchema,
  /** Positive adds, negative debits. */
  amount: Type.Integer(),
  balanceAfter: Type.Integer(),
  completionId: Type.Union([Type.Null(), IdSchema]),
  remark: Type.String(),
  createdAt: IsoDateSchema,
});
export type LedgerEntry = Static<typeof LedgerEntrySchema>;

/** Which ledger rows: one kind, and a time range (`from` included, `to` excluded; any ISO offset). */
export const LedgerFilterQuerySchema = Type.Object({
  kind: Type.Optional(LedgerKindSchema),
  from: Type.Optional(IsoDateSchema),
  to: Type.Optional(IsoDateSchema),
});
export type LedgerFilterQuery = Static<typeof LedgerFilterQuerySchema>;

/** `GET /v1/users/{id}/credits`: the ledger's filters and the page. */
export const UserCreditsQuerySchema = Type.Composite([PageQuerySchema, LedgerFilterQuerySchema]);
export type UserCreditsQuery = Static<typeof UserCreditsQuerySchema>;

/** `POST /v1/users/recharge` answer and `GET /v1/users/{id}/credits` (the ledger, newest first, paged). */
export const CreditsResponseSchema = Type.Object({
  userId: IdSchema,
  balance: Type.Integer(),
  /** The page of the filtered ledger. */
  ledger: Type.Array(LedgerEntrySchema),
  /** How many rows the filters match. */
  total: Type.Integer({ minimum: 0 }),
});
export type CreditsResponse = Static<typeof CreditsResponseSchema>;

/** What an admin sells: `priceCents` of money buys `credits`. */
export const CreditPackageSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  priceCents: Type.Integer({ minimum: 0 }),
  credits: Type.Integer({ minimum: 1 }),
  createdAt: IsoDateSchema,
});
export type CreditPackage = Static<typeof CreditPackageSchema>;

/** A package as an admin writes it. */
export const CreditPackageBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: CREDIT_LIMITS.packageNameMax }),
  priceCents: Type.Integer({ minimum: 0, maximum: CREDIT_LIMITS.packagePriceCentsMax }),
  credits: Type.Integer({ minimum: 1, maximum: CREDIT_LIMITS.rechargeMax }),
});
export type CreditPackageBody = Static<typeof CreditPackageBodySchema>;

export const CreditPackageParamsSchema = Type.Object({ id: IdSchema });
export type CreditPackageParams = Static<typeof CreditPackageParamsSchema>;

/** The tenant's packages, cheapest first (at most {@link CREDIT_LIMITS.packagesMax}, so never paged). */
export const CreditPackageListResponseSchema = PageSchema(CreditPackageSchema);
export type CreditPackageListResponse = Static<typeof CreditPackageListResponseSchema>;

/** The tenant's credit settings: below `lowBalanceThreshold` credits the console warns (0: never). */
export const CreditSettingsSchema = Type.Object({
  lowBalanceThreshold: Type.Integer({ minimum: 0, maximum: CREDIT_LIMITS.thresholdMax }),
});
export type CreditSettings = Static<typeof CreditSettingsSchema>;

/** `GET /v1/credits/me`: the caller's balance, for the navbar's warning. */
export const MyCreditsResponseSchema = Type.Object({
  balance: Type.Integer(),
  lowBalanceThreshold: Type.Integer({ minimum: 0 }),
  /** `balance < lowBalanceThreshold`. */
  low: Type.Boolean(),
});
export type MyCreditsResponse = Static<typeof MyCreditsResponseSchema>;

/** Adds credits to a user of the tenant (admin only): an amount or a package; answers the user's statement. */
export const RechargeUser = endpoint({
  method: 'POST',
  path: '/v1/users/recharge',
  body: RechargeBodySchema,
  bodyAs: 'form',
  response: CreditsResponseSchema,
});
/** Corrects a user's balance up or down with a reason (admin only); answers the user's statement. */
export const AdjustUserCredits = endpoint({
  method: 'POST',
  path: '/v1/users/credits/adjust',
  body: AdjustCreditsBodySchema,
  response: CreditsResponseSchema,
});
/** A user's credit balance and ledger, newest first, filtered and paged. */
export const GetUserCredits = endpoint({
  method: 'GET',
  path: '/v1/users/{id}/credits',
  params: UserIdParamsSchema,
  query: UserCreditsQuerySchema,
  response: CreditsResponseSchema,
});
/** The name the browser saves a ledger export under (the server's Content-Disposition says the same). */
export const CREDITS_EXPORT_FILE = 'credits.xlsx';

/** The filtered ledger of a user as an xlsx file, `credits.xlsx`. */
export const ExportUserCredits = endpoint({
  method: 'GET',
  path: '/v1/users/{id}/credits/export',
  params: UserIdParamsSchema,
  query: LedgerFilterQuerySchema,
  response: Type.String({ format: 'binary' }),
  answer: 'blob',
});
/** The caller's own balance and whether it is below the tenant's threshold. */
export const GetMyCredits = endpoint({
  method: 'GET',
  path: '/v1/credits/me',
  response: MyCreditsResponseSchema,
});
/** The tenant's credit packages (all staff read; admins change). */
export const ListCreditPackages = endpoint({
  method: 'GET',
  path: '/v1/credits/packages',
  response: CreditPackageListResponseSchema,
});
/** Adds a package (admin only). */
export const CreateCreditPackage = endpoint({
  method: 'POST',
  path: '/v1/credits/packages',
  body: CreditPackageBodySchema,
  response: CreditPackageSchema,
});
/** Changes a package (admin only). */
export const UpdateCreditPackage = endpoint({
  method: 'PUT',
  path: '/v1/credits/packages/{id}',
  params: CreditPackageParamsSchema,
  body: CreditPackageBodySchema,
  response: CreditPackageSchema,
});
/** Removes a package (admin only); the ledger keeps what recharges with it recorded. */
export const DeleteCreditPackage = endpoint({
  method: 'DELETE',
  path: '/v1/credits/packages/{id}',
  params: CreditPackageParamsSchema,
  response: OkSchema,
});
/** The tenant's credit settings (all staff read). */
export const GetCreditSettings = endpoint({
  method: 'GET',
  path: '/v1/credits/settings',
  response: CreditSettingsSchema,
});
/** Changes the tenant's credit settings (admin only). */
export const UpdateCreditSettings = endpoint({
  method: 'PUT',
  path: '/v1/credits/settings',
  body: CreditSettingsSchema,
  response: CreditSettingsSchema,
});
