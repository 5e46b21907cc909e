import { DeleteCaseSalePhone, request, type CaseSalePhone } from '@flotilla/shared';

/** Takes a phone off the whitelist. */
export function deleteSalePhone(phone: CaseSalePhone): Promise<unknown> {
  return request(DeleteCaseSalePhone, { query: { id: phone.id } });
}
