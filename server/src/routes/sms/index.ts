import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ListSmsOutbox,
  ResetPasswordBySms,
  SendSms,
  SMS_LIMITS,
  ValidSms,
  type SmsPurpose,
} from '@flotilla/shared/contracts';
import { AppError } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { localeOf } from '../../lib/messages';
import { RateWindow } from '../../lib/rate-window';
import { retryLater } from '../../lib/retry-later';
import { toUser } from '../../plugins/app/users/users-repository';
import type { CodeRefusal } from '../../sms/code-service';
import { phoneKey } from '../../lib/phone-key';
import { ADMINS, PUBLIC } from '../access';
import { route } from '../endpoint-route';

const tags = ['sms'];
const HOUR_MS = 60 * 60 * 1000;
// isLogin: false, as the form login: the console shows the message instead of a forced logout.
const refused = (code: CodeRefusal) => new AppError(401, code, code, { isLogin: false });

/** SMS codes: sending one, logging in or resetting a password with one, and the built-in outbox. */
const smsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { repos, config, smsCodes: codes } = fastify;
  // Per address in memory, like the login throttle; per phone in the database (repos.sms.reserveSend).
  const sendsByAddress = new RateWindow(HOUR_MS, () => config.clock.now());
  // A code's own tries and the per-phone sends cap guessing at one phone; this caps one address guessing across
  // phones. Only wrong codes count, so an office behind one address logging in by code is not held up.
  const wrongCodesByAddress = new RateWindow(HOUR_MS, () => config.clock.now());
  /** The user of the phone's code for `purpose`; a refusal (401) or, past the address's wrong codes, 429. */
  const checkCode = async (
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: 'login' | 'reset',
    { phone, code }: { phone: string; code: string },
  ) => {
    const address = clientKey(request.ip);
    if (wrongCodesByAddress.hits(address) >= SMS_LIMITS.wrongCodesPerAddressPerHour)
      throw retryLater(reply, 'SMS_TRIES_THROTTLED', wrongCodesByAddress.msUntilReset(address));
    const check = await codes.use(phone, purpose, code);
    if (!check.ok) {
      if (check.refusal === 'SMS_CODE_INVALID') wrongCodesByAddress.hit(address);
      throw refused(check.refusal);
    }
    return check.user;
  };

  route(fastify, SendSms, {
    config: { auth: PUBLIC },
    tags,
    summary: 'Send a code by SMS (login, register or reset); the same answer whether or not the phone has a user',
    handler: async (request, reply) => {
      const { phone } = request.body;
      const purpose: SmsPurpose = request.body.purpose ?? 'login';
      const address = clientKey(request.ip);
      if (!sendsByAddress.hit(address, SMS_LIMITS.sendsPerAddressPerHour))
        throw retryLater(reply, 'SMS_THROTTLED', sendsByAddress.msUntilReset(address));
      const waitMs = await repos.sms.reserveSend(phoneKey(phone), config.clock.now());
      if (waitMs > 0) throw retryLater(reply, 'SMS_THROTTLED', waitMs);
      try {
        await codes.send(phone, purpose, localeOf(request.headers['accept-language']));
      } catch (error) {
        request.log.error({ err: error }, 'sms: the code could not be sent');
        throw new AppError(502, 'SMS_SEND_FAILED');
      }
      return {
        ok: true as const,
        expiresInSeconds: SMS_LIMITS.lifetimeSeconds,
        resendInSeconds: SMS_LIMITS.resendSeconds,
      };
    },
  });

  route(fastify, ValidSms, {
    config: { auth: PUBLIC },
    tags,
    summary: 'Log in with an SMS login code (the same answer as the form login)',
    description: `After ${SMS_LIMITS.wrongCodesPerAddressPerHour} wrong codes (with password resets) from one client address in an hour, 429 SMS_TRIES_THROTTLED.`,
    handler: async (request, reply) => {
      const user = await checkCode(request, reply, 'login', request.body);
      const token = await repos.tokens.issue(user);
      return { token, user: toUser(user) };
    },
  });

  route(fastify, ResetPasswordBySms, {
    config: { auth: PUBLIC },
    tags,
    summary: "Set a new password with an SMS reset code; revokes the user's tokens",
    description: `A wrong code counts towards the ${SMS_LIMITS.wrongCodesPerAddressPerHour} wrong codes per client address an hour.`,
    handler: async (request, reply) => {
      const { id, tenantId } = await checkCode(request, reply, 'reset', request.body);
      const { password } = request.body;
      await repos.users.setPassword(tenantId, id, id, password);
      return { ok: true as const };
    },
  });

  route(fastify, ListSmsOutbox, {
    config: { auth: ADMINS },
    tags,
    summary: "The tenant's messages of the built-in SMS outbox, newest first (the platform owner's also of no tenant)",
    handler: async (request) => repos.sms.outbox(request.auth.tenantId, request.auth.isPlatformOwner, request.query),
  });
};

export default smsRoutes;
