import { GetReferralSettings, request, type ReferralSettings } from '@flotilla/shared';

/** The tenant's programme: on or off, the rewards, the new users' role. */
export function getReferralSettings(): Promise<ReferralSettings> {
  return request(GetReferralSettings, {});
}
