import { AdjustUserCredits, request, type AdjustCreditsBody, type CreditsResponse } from '@flotilla/shared';

/** Corrects a user's balance up or down with a reason (admins). Silent: the dialog shows a refusal. */
export function adjustUserCredits(body: AdjustCreditsBody): Promise<CreditsResponse> {
  return request(AdjustUserCredits, { body, silent: true });
}
