import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, PageQuerySchema, PageSchema } from './common';
import { LoginResponseSchema } from './auth';
import { endpoint } from './endpoint';
import { SmsCodeSchema } from './sms';

/** Bounds of the referral programme: a reward in whole credits, a code's shape. */
export const REFERRAL_LIMITS = {
  rewardMax: 1_000_000,
  codeLength: 8,
  /** Rewarded registrations one referrer's code earns in 24 hours; later ones register without rewards. */
  rewardsPerReferrerPerDay: 20,
} as const;

/** The roles a user who registers with a referral code may get. */
export const REFERRAL_ROLES = ['operator', 'agent'] as const;
export type ReferralRole = (typeof REFERRAL_ROLES)[number];

const RewardSchema = Type.Integer({ minimum: 0, maximum: REFERRAL_LIMITS.rewardMax });

/** A referral code as links carry it: upper-case letters and digits, no look-alikes. */
export const ReferralCodeSchema = Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9]+$' });

/** A tenant's programme: whether codes work, the credits each side gets, the role of a new user. */
export const ReferralSettingsSchema = Type.Object({
  enabled: Type.Boolean(),
  /** Credits the owner of the code gets for each new user. */
  referrerReward: RewardSchema,
  /** Credits the new user starts with. */
  refereeReward: RewardSchema,
  newUserRole: Type.Union(REFERRAL_ROLES.map((role) => Type.Literal(role))),
  /**
   * Whether registering needs a code sent to the phone (`POST /v1/sms/send` with purpose `register`). Always in
   * answers; a PUT without it leaves it as it was. Off by default: the built-in outbox shows registration codes
   * to the platform owner only, so it needs an SMS gateway.
   */
  requirePhoneCode: Type.Optional(Type.Boolean()),
});
export type ReferralSettings = Static<typeof ReferralSettingsSchema>;

/** The caller's own code, its link (a path of the console's origin) and what it has brought them. */
export const MyReferralResponseSchema = Type.Object({
  code: Type.String(),
  /** `/register?ref=<code>`: the page that registers with this code. */
  linkPath: Type.String(),
  invitees: Type.Integer({ minimum: 0 }),
  /** Credits this user earned as a referrer. */
  rewardsEarned: Type.Integer({ minimum: 0 }),
});
export type MyReferralResponse = Static<typeof MyReferralResponseSchema>;

/** One user who registered with a code. The phone is masked for everyone but admins. */
export const InviteeSchema = Type.Object({
  id: IdSchema,
  referrerId: IdSchema,
  referrerName: Type.String(),
  refereeId: IdSchema,
  refereeName: Type.String(),
  phone: Type.String(),
  /** Credits each side got; 0 when the phone had been rewarded before or the programme gave none. */
  referrerReward: Type.Integer({ minimum: 0 }),
  refereeReward: Type.Integer({ minimum: 0 }),
  createdAt: IsoDateSchema,
});
export type Invitee = Static<typeof InviteeSchema>;

/** `GET /v1/referrals/invitees`: paged, newest first; `referrerId` narrows an admin's list to one referrer. */
export const ListInviteesQuerySchema = Type.Composite([
  PageQuerySchema,
  Type.Object({ referrerId: Type.Optional(IdSchema) }),
]);
export type ListInviteesQuery = Static<typeof ListInviteesQuerySchema>;
export const InviteeListResponseSchema = PageSchema(InviteeSchema);
export type InviteeListResponse = Static<typeof InviteeListResponseSchema>;

/** Totals of the programme: the tenant's for an admin, the caller's own for anyone else. */
export const ReferralSummaryResponseSchema = Type.Object({
  invitees: Type.Integer({ minimum: 0 }),
  /** Users who brought at least one invitee. */
  referrers: Type.Integer({ minimum: 0 }),
  referrerRewards: Type.Integer({ minimum: 0 }),
  refereeRewards: Type.Integer({ minimum: 0 }),
});
export type ReferralSummaryResponse = Static<typeof ReferralSummaryResponseSchema>;

/** `GET /v1/register/info?ref=`: what the register page may know of a code before anyone logs in. */
export const RegisterInfoQuerySchema = Type.Object({ ref: Type.String({ maxLength: 64 }) });
export type RegisterInfoQuery = Static<typeof RegisterInfoQuerySchema>;
/** `valid` false (and nothing else) for an unknown code, a frozen referrer's, or a programme that is off. */
export const RegisterInfoResponseSchema = Type.Object({
  valid: Type.Boolean(),
  tenantName: Type.Optional(Type.String()),
  refereeReward: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Whether registering with this code needs a code sent to the phone (the tenant's `requirePhoneCode`). */
  phoneCodeRequired: Type.Optional(Type.Boolean()),
});
export type RegisterInfoResponse = Static<typeof RegisterInfoResponseSchema>;

/**
 * `POST /v1/register` (form or JSON): a new user of the code's tenant; the phone is required. `smsCode`, the
 * phone's registration code, is needed when the tenant requires it and checked whenever it is given.
 */
export const RegisterBodySchema = Type.Object({
  username: Type.String({ minLength: 3, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' }),
  nickname: Type.String({ minLength: 1, maxLength: 64 }),
  phone: Type.String({ minLength: 1, maxLength: 32, pattern: '^\\+?[0-9][0-9 -]*$' }),
  password: Type.String({ minLength: 8, maxLength: 256 }),
  ref: ReferralCodeSchema,
  smsCode: Type.Optional(SmsCodeSchema),
});
export type RegisterBody = Static<typeof RegisterBodySchema>;

/** The caller's referral code (made on first read), link, invitee count and rewards earned (staff). */
export const GetMyReferral = endpoint({ method: 'GET', path: '/v1/referrals/me', response: MyReferralResponseSchema });
/** Users who registered with a code: an admin sees the tenant's (optionally one referrer's), others their own. */
export const ListInvitees = endpoint({
  method: 'GET',
  path: '/v1/referrals/invitees',
  query: ListInviteesQuerySchema,
  response: InviteeListResponseSchema,
});
/** The programme's totals: the tenant's for an admin, the caller's own for others. */
export const GetReferralSummary = endpoint({
  method: 'GET',
  path: '/v1/referrals/summary',
  response: ReferralSummaryResponseSchema,
});
/** The tenant's programme settings (anyone logged in). */
export const GetReferralSettings = endpoint({
  method: 'GET',
  path: '/v1/referrals/settings',
  response: ReferralSettingsSchema,
});
/** Changes the tenant's programme settings (admins). */
export const UpdateReferralSettings = endpoint({
  method: 'PUT',
  path: '/v1/referrals/settings',
  body: ReferralSettingsSchema,
  response: ReferralSettingsSchema,
});
/** Public: whether a code works, its tenant's name and the reward a new user gets. */
export const GetRegisterInfo = endpoint({
  method: 'GET',
  path: '/v1/register/info',
  query: RegisterInfoQuerySchema,
  response: RegisterInfoResponseSchema,
});
/** Public: registers with a referral code and logs the new user in (the login's answer). */
export const Register = endpoint({
  method: 'POST',
  path: '/v1/register',
  body: RegisterBodySchema,
  bodyAs: 'form',
  response: LoginResponseSchema,
});
