import type { FastifyBaseLogger } from 'fastify';
import type { SmsRepository } from '../plugins/app/sms/sms-repository';
import type { SmsProvider } from './provider';

/**
 * The default provider: nothing leaves the server. Each message is kept in the outbox (one row per tenant that
 * has the phone, or one of no tenant) for admins to read, and logged at info level — the code is in the log,
 * which is what a team without an SMS gateway reads.
 */
export function outboxProvider(repo: SmsRepository, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      await repo.addToOutbox(message.tenantIds, message.phone, message.text);
      log.info({ phone: message.phone, sms: message.text }, 'sms outbox: message kept instead of sent');
    },
  };
}
