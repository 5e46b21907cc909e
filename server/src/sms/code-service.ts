import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_LIMITS, type Locale, type SmsPurpose } from '@flotilla/shared/contracts';
import type { Clock } from '../lib/clock';
import { keyFileKey } from '../lib/secret-box';
import type { SmsRepository } from '../plugins/app/sms/sms-repository';
import type { UserRow } from '../plugins/app/users/users-repository';
import { phoneKey } from '../lib/phone-key';
import type { SmsProvider } from './provider';

/**
 * The key codes are hashed with: HMAC-SHA256 of a label under the server's secret key. A plain or salted hash
 * of a 6-digit code is reversed by trying all million codes; a slow hash (scrypt) only multiplies that by a
 * constant and costs every check. Keyed, a copy of the database alone tells nothing about live codes.
 */
export async function smsCodeKey(config: { secretKey?: Buffer; dataDir: string }): Promise<Buffer> {
  const secret = config.secretKey ?? (await keyFileKey(config.dataDir));
  return createHmac('sha256', secret).update('flotilla sms codes v1').digest();
}

const MINUTES = SMS_LIMITS.lifetimeSeconds / 60;
const TEXTS: Record<SmsPurpose, Record<Locale, (code: string) => string>> = {
  login: {
    'zh-CN': (code) => `您的 Flotilla 登录验证码是 ${code}，${MINUTES} 分钟内有效。`,
    'en-US': (code) => `Your Flotilla login code is ${code}. It expires in ${MINUTES} minutes.`,
  },
  register: {
    'zh-CN': (code) => `您的 Flotilla 注册验证码是 ${code}，${MINUTES} 分钟内有效。`,
    'en-US': (code) => `Your Flotilla registration code is ${code}. It expires in ${MINUTES} minutes.`,
  },
  reset: {
    'zh-CN': (code) => `您的 Flotilla 重置密码验证码是 ${code}，${MINUTES} 分钟内有效。`,
    'en-US': (code) => `Your Flotilla password reset code is ${code}. It expires in ${MINUTES} minutes.`,
  },
};

/** The text of a code's message in the asker's language. */
export function smsText(purpose: SmsPurpose, code: string, locale: Locale): string {
  return TEXTS[purpose][locale](code);
}

/** Why a code was refused (each becomes a 401 with `isLogin: false`). */
export type CodeRefusal = 'SMS_CODE_INVALID' | 'SMS_PHONE_SHARED' | 'USER_FROZEN';
export type CodeCheck = { ok: true; user: UserRow } | { ok: false; refusal: CodeRefusal };

/**
 * Sends codes and checks them. A code is 6 random digits, lives SMS_LIMITS.lifetimeSeconds, is used once and
 * burnt by SMS_LIMITS.maxTries wrong tries; only the phone's latest code of a purpose counts.
 */
export function smsCodeService(deps: { repo: SmsRepository; provider: SmsProvider; clock: Clock; key: Buffer }) {
  const { repo, provider, clock, key } = deps;
  const hash = (code: string) => createHmac('sha256', key).update(code).digest('hex');

  const service = {
    /**
     * Sends a code for the purpose when the phone may receive one: login and reset codes go only to a phone of
     * an unfrozen user; registration codes to any phone. The caller answers the same either way.
     * Returns whether a message was sent. Throttling is the caller's (`repo.reserveSend`).
     */
    async send(phone: string, purpose: SmsPurpose, locale: Locale): Promise<boolean> {
      const phoneOf = phoneKey(phone);
      let tenantIds: string[] = [];
      if (purpose !== 'register') {
        const users = (await repo.usersWithPhone(phoneOf)).filter((user) => user.ban === 0);
        if (users.length === 0) return false;
        tenantIds = users.map((user) => user.tenantId);
      }
      const code = String(randomInt(0, 10 ** SMS_LIMITS.codeLength)).padStart(SMS_LIMITS.codeLength, '0');
      await repo.storeCode(phoneOf, purpose, hash(code), clock.now());
      await provider.send({ phone: phone.replace(/[ -]/g, ''), text: smsText(purpose, code, locale), tenantIds });
      return true;
    },

    /**
     * The id of the phone's latest live code of the purpose when `code` is it, else null. A wrong code counts a
     * try (the fifth burns it); a right one is not used here: the caller uses it (`repo.useCode`, perhaps inside
     * its own transaction, so that a refusal after the check leaves the code usable).
     */
    async check(phone: string, purpose: SmsPurpose, code: string): Promise<string | null> {
      const stored = await repo.latestCode(phoneKey(phone), purpose);
      const live =
        stored &&
        stored.usedAt === null &&
        stored.tries < SMS_LIMITS.maxTries &&
        Date.parse(stored.expiresAt) > clock.now();
      if (!live) return null;
      if (!timingSafeEqual(Buffer.from(hash(code), 'hex'), Buffer.from(stored.codeHash, 'hex'))) {
        await repo.countWrongTry(stored.id);
        return null;
      }
      return stored.id;
    },

    /**
     * Uses the phone's latest code of the purpose and finds its one unfrozen user. A wrong code counts a try;
     * a right one is used (atomically, so a replay is refused) before the user is looked at.
     */
    async use(phone: string, purpose: SmsPurpose, code: string): Promise<CodeCheck> {
      const refused = (refusal: CodeRefusal): CodeCheck => ({ ok: false, refusal });
      const id = await service.check(phone, purpose, code);
      if (id === null || !(await repo.useCode(id, clock.now()))) return refused('SMS_CODE_INVALID');
      const users = await repo.usersWithPhone(phoneKey(phone));
      const active = users.filter((user) => user.ban === 0);
      // Several accounts share the phone: a code cannot say which one, so their owners use their passwords.
      if (active.length > 1) return refused('SMS_PHONE_SHARED');
      if (active.length === 1) return { ok: true, user: active[0]! };
      return refused(users.length > 0 ? 'USER_FROZEN' : 'SMS_CODE_INVALID');
    },
  };
  return service;
}

export type SmsCodeService = ReturnType<typeof smsCodeService>;
