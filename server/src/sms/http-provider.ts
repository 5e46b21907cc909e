import { OutboundError, safeFetch, type OutboundPolicy } from '../lib/outbound/index';
import type { SmsHttpConfig } from '../config';
import type { SmsProvider } from './provider';

/** Time and size budgets of one gateway call: a login page waits for it. */
export const SMS_HTTP_BUDGET = { timeoutMs: 10_000, maxBytes: 64 * 1024, maxRedirects: 0 } as const;

const DEFAULT_TEMPLATE = '{"phone":"{{phone}}","text":"{{text}}"}';

/** The content type the config gives (any header name case), else JSON. */
function contentTypeOf(headers: Record<string, string>): string {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type');
  return entry?.[1] ?? 'application/json';
}

/** The request body for one message: the template with its placeholders filled, escaped for the content type. */
export function smsRequestBody(config: SmsHttpConfig, phone: string, text: string): string {
  const form = /application\/x-www-form-urlencoded/i.test(contentTypeOf(config.headers));
  const escape = (value: string) => (form ? encodeURIComponent(value) : JSON.stringify(value).slice(1, -1));
  const values: Record<string, string> = { phone: escape(phone), text: escape(text) };
  return (config.bodyTemplate ?? DEFAULT_TEMPLATE).replace(/\{\{(phone|text)\}\}/g, (_, name: string) => values[name]!);
}

/**
 * Sends through the gateway with the guarded outbound HTTP (public addresses only, time and size caps);
 * `policy` is the tests' resolver, unset in production.
 */
export function httpProvider(config: SmsHttpConfig, policy: OutboundPolicy = {}): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      let status: number;
      try {
        const response = await safeFetch(config.url, {
          ...policy,
          ...SMS_HTTP_BUDGET,
          method: 'POST',
          headers: { 'content-type': contentTypeOf(config.headers), ...config.headers },
          body: smsRequestBody(config, message.phone, message.text),
        });
        status = response.status;
      } catch (error) {
        const code = error instanceof OutboundError ? error.code : 'NETWORK';
        throw new Error(`sms gateway unreachable: ${code}`, { cause: error });
      }
      if (status < 200 || status > 299) throw new Error(`sms gateway answered ${status}`);
    },
  };
}
