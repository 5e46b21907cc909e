import { GetMyReferral, request, type MyReferralResponse } from '@flotilla/shared';

/** The caller's referral code (made on the first read), its link path, invitees and rewards earned. */
export function getMyReferral(): Promise<MyReferralResponse> {
  return request(GetMyReferral, {});
}
