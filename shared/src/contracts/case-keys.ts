import { Type, type Static } from '@sinclair/typebox';
import { IdSchema } from './common';
import { endpoint } from './endpoint';

/** Bounds of API secret usage records (docs/comparisons.md, API secret usage). */
export const KEY_USAGE_LIMITS = {
  /** What one `key/use` call may add. */
  callsMax: 1000,
  tokensMax: 10_000_000,
  /** A day's counter stops here (every database's integer column holds it). */
  counterMax: 2_000_000_000,
  /** Days one report covers at most. */
  reportDaysMax: 366,
  /** Days a report covers when `from` is not given (ending with `to`, or today). */
  reportDaysDefault: 30,
} as const;

/** A day (`YYYY-MM-DD`, UTC), or an ISO time whose UTC day is meant. */
const DaySchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}(T[0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$', maxLength: 40 });

/**
 * `POST /v1/case/key/use` (form or JSON): an external caller records use of a robot's API secret. Sent with the
 * secret itself as `Authorization: Bearer sk-flt-…` (`secretId` then optional), or by an operator's console token
 * with `secretId`. Each call adds `calls` (default 1), `tokens` and `errors` to the secret's counters of the day.
 */
export const UseKeyBodySchema = Type.Object({
  secretId: Type.Optional(IdSchema),
  calls: Type.Optional(Type.Integer({ minimum: 1, maximum: KEY_USAGE_LIMITS.callsMax })),
  tokens: Type.Optional(Type.Integer({ minimum: 0, maximum: KEY_USAGE_LIMITS.tokensMax })),
  errors: Type.Optional(Type.Integer({ minimum: 0, maximum: KEY_USAGE_LIMITS.callsMax })),
});
export type UseKeyBody = Static<typeof UseKeyBodySchema>;

/** One day's use of a secret (or of every secret of a robot). */
export const KeyUsageDaySchema = Type.Object({
  /** `YYYY-MM-DD`, UTC. */
  day: Type.String(),
  calls: Type.Integer({ minimum: 0 }),
  tokens: Type.Integer({ minimum: 0 }),
  errors: Type.Integer({ minimum: 0 }),
});
export type KeyUsageDay = Static<typeof KeyUsageDaySchema>;

/** What `key/use` answers: the secret and its counters of the day after the call. */
export const UseKeyResponseSchema = Type.Composite([Type.Object({ secretId: IdSchema }), KeyUsageDaySchema]);
export type UseKeyResponse = Static<typeof UseKeyResponseSchema>;

/**
 * `POST /v1/case/key/report` (form or JSON): the use of one secret (`secretId`) or of all of a robot's secrets
 * (`processId`), exactly one of the two, per day from `from` to `to` (both included; default the last 30 days).
 */
export const KeyReportBodySchema = Type.Object({
  secretId: Type.Optional(IdSchema),
  processId: Type.Optional(IdSchema),
  from: Type.Optional(DaySchema),
  to: Type.Optional(DaySchema),
});
export type KeyReportBody = Static<typeof KeyReportBodySchema>;

/** Every day of the range, oldest first (days without use read zero), and the sums. */
export const KeyReportResponseSchema = Type.Object({
  list: Type.Array(KeyUsageDaySchema),
  total: Type.Integer({ minimum: 0 }),
  calls: Type.Integer({ minimum: 0 }),
  tokens: Type.Integer({ minimum: 0 }),
  errors: Type.Integer({ minimum: 0 }),
});
export type KeyReportResponse = Static<typeof KeyReportResponseSchema>;

/** Records use of an API secret by an external caller (authenticated by the secret, or an operator). */
export const UseKey = endpoint({
  method: 'POST',
  path: '/v1/case/key/use',
  body: UseKeyBodySchema,
  bodyAs: 'form',
  response: UseKeyResponseSchema,
});
/** The use of a secret, or of a robot's secrets, per day. */
export const ReportKeyUsage = endpoint({
  method: 'POST',
  path: '/v1/case/key/report',
  body: KeyReportBodySchema,
  bodyAs: 'form',
  response: KeyReportResponseSchema,
});
