import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  GetMyReferral,
  GetReferralSettings,
  GetReferralSummary,
  GetRegisterInfo,
  ListInvitees,
  Register,
  UpdateReferralSettings,
} from '@flotilla/shared/contracts';
import { invalidInput } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { RateWindow } from '../../lib/rate-window';
import { retryLater } from '../../lib/retry-later';
import type { CheckedPhoneCode } from '../../plugins/app/referrals/referrals-repository';
import { toUser } from '../../plugins/app/users/users-repository';
import { ADMINS, ANY_USER, PUBLIC, STAFF } from '../access';
import { route } from '../endpoint-route';

const tags = ['referrals'];
const HOUR_MS = 60 * 60 * 1000;

/**
 * What one client address may do on the public calls: register a few accounts an hour (each one is a user,
 * perhaps rewarded), and look codes up often enough for a page but not to walk the code space.
 */
export const REGISTER_LIMITS = { registrationsPerHour: 10, infoReadsPerMinute: 60 } as const;

/** The referral programme: codes, settings, invitees, rewards, and registering with a code. */
const referralsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { repos, config, smsCodes } = fastify;
  const now = () => config.clock.now();
  const registrations = new RateWindow(HOUR_MS, now);
  const infoReads = new RateWindow(60_000, now);

  route(fastify, GetMyReferral, {
    config: { auth: STAFF },
    tags,
    summary: "The caller's referral code (made on first read), its link, invitees and rewards earned",
    handler: async (request) => repos.referrals.mine(request.auth.tenantId, request.auth.userId),
  });

  route(fastify, ListInvitees, {
    config: { auth: STAFF },
    tags,
    summary:
      "Users who registered with a code: an admin, the tenant's (one referrer's with referrerId); others, their own",
    handler: async (request) => {
      const { tenantId, userId, role } = request.auth;
      const admin = role === 'admin';
      const query = admin ? request.query : { ...request.query, referrerId: userId };
      return repos.referrals.invitees(tenantId, query, { maskPhones: !admin });
    },
  });

  route(fastify, GetReferralSummary, {
    config: { auth: STAFF },
    tags,
    summary: "The programme's totals: the tenant's for an admin, the caller's own for others",
    handler: async (request) => {
      const { tenantId, userId, role } = request.auth;
      return repos.referrals.summary(tenantId, role === 'admin' ? undefined : userId);
    },
  });

  route(fastify, GetReferralSettings, {
    config: { auth: ANY_USER },
    tags,
    summary: "The tenant's referral programme: on or off, rewards, the new users' role",
    handler: async (request) => repos.referrals.settings(request.auth.tenantId),
  });

  route(fastify, UpdateReferralSettings, {
    config: { auth: ADMINS },
    tags,
    summary: "Change the tenant's referral programme",
    handler: async (request) => {
      const { enabled, referrerReward, refereeReward, newUserRole, requirePhoneCode } = request.body;
      return repos.referrals.saveSettings(request.auth.tenantId, {
        enabled,
        referrerReward,
        refereeReward,
        newUserRole,
        requirePhoneCode,
      });
    },
  });

  route(fastify, GetRegisterInfo, {
    config: { auth: PUBLIC },
    tags,
    summary: "Public: whether a referral code works, its tenant's name and the new user's reward",
    handler: async (request, reply) => {
      const address = clientKey(request.ip);
      if (!infoReads.hit(address, REGISTER_LIMITS.infoReadsPerMinute))
        throw retryLater(reply, 'RATE_LIMITED', infoReads.msUntilReset(address));
      return repos.referrals.publicInfo(request.query.ref);
    },
  });

  route(fastify, Register, {
    config: { auth: PUBLIC },
    tags,
    summary: 'Public: register with a referral code (form or JSON) and log in',
    description:
      `At most ${REGISTER_LIMITS.registrationsPerHour} attempts per client address an hour; past it 429 RATE_LIMITED. ` +
      '`smsCode` is the phone’s registration code (POST /v1/sms/send, purpose register): required when the ' +
      'programme says so (else 422 SMS_CODE_REQUIRED), checked whenever given (422 SMS_CODE_INVALID).',
    handler: async (request, reply) => {
      const address = clientKey(request.ip);
      if (!registrations.hit(address, REGISTER_LIMITS.registrationsPerHour))
        throw retryLater(reply, 'RATE_LIMITED', registrations.msUntilReset(address));
      const { username, nickname, phone, password, ref, smsCode } = request.body;
      let phoneCode: CheckedPhoneCode | undefined;
      if (smsCode !== undefined) {
        // Checked (a wrong code counts a try) before the registration; used inside its transaction.
        const checkedAtMs = config.clock.now();
        const id = await smsCodes.check(phone, 'register', smsCode);
        if (id === null) throw invalidInput(['body', 'smsCode'], 'SMS_CODE_INVALID');
        phoneCode = { id, checkedAtMs };
      }
      const row = await repos.referrals.register({ username, nickname, phone, password, ref }, phoneCode);
      const token = await repos.tokens.issue(row);
      return { token, user: toUser(row) };
    },
  });
};

export default referralsRoutes;
