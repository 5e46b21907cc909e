import { RechargeUser, request, type CreditsResponse, type RechargeBody } from '@flotilla/shared';

/** Adds an amount or a package's credits to a user (admins; sent as a form). Silent: the dialog shows a refusal. */
export function rechargeUser(body: RechargeBody): Promise<CreditsResponse> {
  return request(RechargeUser, { body, silent: true });
}
