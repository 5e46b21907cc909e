import { GetReferralSummary, request, type ReferralSummaryResponse } from '@flotilla/shared';

/** The programme's totals: the tenant's for an admin, the caller's own for anyone else. */
export function getReferralSummary(): Promise<ReferralSummaryResponse> {
  return request(GetReferralSummary, {});
}
