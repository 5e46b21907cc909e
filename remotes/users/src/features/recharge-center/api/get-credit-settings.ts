import { GetCreditSettings, request, type CreditSettings } from '@flotilla/shared';

/** The tenant's credit settings (the low-balance threshold). */
export function getCreditSettings(): Promise<CreditSettings> {
  return request(GetCreditSettings, {});
}
