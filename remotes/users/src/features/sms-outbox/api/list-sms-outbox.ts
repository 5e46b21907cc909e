import { ListSmsOutbox, request, type PageQuery, type SmsOutboxResponse } from '@flotilla/shared';

/** One page of the built-in SMS outbox (admins): what the embedded provider would have sent, newest first. */
export function listSmsOutbox(query: PageQuery): Promise<SmsOutboxResponse> {
  return request(ListSmsOutbox, { query });
}
