import fp from 'fastify-plugin';
import { smsCodeKey, smsCodeService, type SmsCodeService } from '../../sms/code-service';
import { httpProvider } from '../../sms/http-provider';
import { outboxProvider } from '../../sms/outbox-provider';

declare module 'fastify' {
  interface FastifyInstance {
    smsCodes: SmsCodeService;
  }
}

/**
 * The SMS code service with the configured provider (an HTTP gateway, else the built-in outbox): one for the
 * SMS routes and for registering, which checks a phone's registration code.
 */
export default fp(
  async (fastify) => {
    const { config, repos } = fastify;
    const provider =
      config.sms.provider === 'http'
        ? httpProvider(config.sms, config.outbound)
        : outboxProvider(repos.sms, fastify.log);
    fastify.decorate(
      'smsCodes',
      smsCodeService({ repo: repos.sms, provider, clock: config.clock, key: await smsCodeKey(config) }),
    );
  },
  { name: 'sms-codes', dependencies: ['repositories'] },
);
