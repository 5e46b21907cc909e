import { Type, type Static } from '@sinclair/typebox';
import { LoginResponseSchema } from './auth';
import { IsoDateSchema, OkSchema, PageQuerySchema, PageSchema } from './common';
import { endpoint } from './endpoint';

/** SMS codes: their shape, life and throttles (docs/sms.md). */
export const SMS_LIMITS = {
  codeLength: 6,
  lifetimeSeconds: 300,
  /** Wrong tries that burn a code. */
  maxTries: 5,
  /** One send per phone per this many seconds. */
  resendSeconds: 60,
  sendsPerPhonePerDay: 10,
  sendsPerAddressPerHour: 30,
  /** Wrong codes one client address may try (logging in, resetting a password) an hour; right ones are not counted. */
  wrongCodesPerAddressPerHour: 60,
} as const;

/** What a code is for: logging in, registering, resetting a password. */
export const SMS_PURPOSES = ['login', 'register', 'reset'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const SmsPhoneSchema = Type.String({ minLength: 5, maxLength: 32, pattern: '^\\+?[0-9][0-9 -]*$' });
export const SmsCodeSchema = Type.String({ minLength: 6, maxLength: 6, pattern: '^[0-9]{6}$' });

/** `POST /v1/sms/send` (form or JSON): sends a code to the phone for the purpose (default login). */
export const SendSmsBodySchema = Type.Object({
  phone: SmsPhoneSchema,
  purpose: Type.Optional(Type.Union(SMS_PURPOSES.map((p) => Type.Literal(p)))),
});
export type SendSmsBody = Static<typeof SendSmsBodySchema>;
/** When the code expires and when another may be asked for (seconds from now). */
export const SendSmsResponseSchema = Type.Object({
  ok: Type.Literal(true),
  expiresInSeconds: Type.Integer({ minimum: 0 }),
  resendInSeconds: Type.Integer({ minimum: 0 }),
});
export type SendSmsResponse = Static<typeof SendSmsResponseSchema>;
export const SendSms = endpoint({
  method: 'POST',
  path: '/v1/sms/send',
  body: SendSmsBodySchema,
  bodyAs: 'form',
  response: SendSmsResponseSchema,
});

/** `POST /v1/sms/valid` (form or JSON): logs in with a login code; the same answer as the form login. */
export const ValidSmsBodySchema = Type.Object({ phone: SmsPhoneSchema, code: SmsCodeSchema });
export type ValidSmsBody = Static<typeof ValidSmsBodySchema>;
export const ValidSms = endpoint({
  method: 'POST',
  path: '/v1/sms/valid',
  body: ValidSmsBodySchema,
  bodyAs: 'form',
  response: LoginResponseSchema,
});

/** `POST /v1/password/reset` (form or JSON): a new password for the phone's user, with a reset code. */
export const SmsResetPasswordBodySchema = Type.Object({
  phone: SmsPhoneSchema,
  code: SmsCodeSchema,
  password: Type.String({ minLength: 8, maxLength: 256 }),
});
export type SmsResetPasswordBody = Static<typeof SmsResetPasswordBodySchema>;
export const ResetPasswordBySms = endpoint({
  method: 'POST',
  path: '/v1/password/reset',
  body: SmsResetPasswordBodySchema,
  bodyAs: 'form',
  response: OkSchema,
});

/** One message of the built-in outbox (the embedded provider): what would have been sent, to whom, when. */
export const SmsOutboxEntrySchema = Type.Object({
  phone: Type.String(),
  text: Type.String(),
  createdAt: IsoDateSchema,
});
export type SmsOutboxEntry = Static<typeof SmsOutboxEntrySchema>;
export const SmsOutboxResponseSchema = PageSchema(SmsOutboxEntrySchema);
export type SmsOutboxResponse = Static<typeof SmsOutboxResponseSchema>;
/** `GET /v1/sms/outbox` (admins): the tenant's messages of the built-in outbox, newest first. */
export const ListSmsOutbox = endpoint({
  method: 'GET',
  path: '/v1/sms/outbox',
  query: PageQuerySchema,
  response: SmsOutboxResponseSchema,
});
