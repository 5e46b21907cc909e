import { ListCreditPackages, request, type CreditPackage } from '@flotilla/shared';

/** The tenant's credit packages, cheapest first (never more than a short menu, so unpaged). */
export async function listCreditPackages(): Promise<CreditPackage[]> {
  return (await request(ListCreditPackages, {})).list;
}
