import type { SmsOutboxResponse } from '@flotilla/shared/contracts';
import type { Api } from './api';

/**
 * The code of the newest message to `phone` in the built-in SMS outbox, as `reader` (an admin of the phone's
 * tenant, or the platform owner for a registration code) reads it; fails naming the newest messages when none
 * was sent.
 */
export async function codeSentTo(reader: Api, phone: string): Promise<string> {
  const outbox = await reader.call<SmsOutboxResponse>('GET', '/v1/sms/outbox?offset=0&limit=20');
  const digits = phone.replace(/\D/g, '');
  const message = outbox.list.find((entry) => entry.phone.replace(/\D/g, '') === digits);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code)
    throw new Error(`no code was sent to ${phone}; newest messages: ${JSON.stringify(outbox.list.slice(0, 3))}`);
  return code;
}
