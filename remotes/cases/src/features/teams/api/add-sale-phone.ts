import { AddCaseSalePhone, request, type CaseSalePhone } from '@flotilla/shared';

/** Adds a phone to the whitelist. */
export function addSalePhone(phone: string): Promise<CaseSalePhone> {
  return request(AddCaseSalePhone, { body: { phone } });
}
