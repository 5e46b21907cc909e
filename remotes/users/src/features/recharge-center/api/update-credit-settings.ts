import { request, UpdateCreditSettings, type CreditSettings } from '@flotilla/shared';

/** Changes the tenant's credit settings (admins). */
export function updateCreditSettings(body: CreditSettings): Promise<CreditSettings> {
  return request(UpdateCreditSettings, { body });
}
