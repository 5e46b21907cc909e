import {
  ListCaseSalePhones,
  request,
  type CaseSalePhoneListResponse,
  type ListCaseSalePhonesQuery,
} from '@flotilla/shared';

/** One page of the tenant's phone whitelist, searched by digits on the server. */
export function listSalePhones(query: ListCaseSalePhonesQuery): Promise<CaseSalePhoneListResponse> {
  return request(ListCaseSalePhones, { query });
}
