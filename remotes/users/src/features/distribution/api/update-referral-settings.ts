import { request, UpdateReferralSettings, type ReferralSettings } from '@flotilla/shared';

/** Saves the tenant's programme (admins); answers what is stored. */
export function updateReferralSettings(body: ReferralSettings): Promise<ReferralSettings> {
  return request(UpdateReferralSettings, { body });
}
