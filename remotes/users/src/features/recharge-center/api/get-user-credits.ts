import { GetUserCredits, request, type CreditsResponse, type UserCreditsQuery } from '@flotilla/shared';

/** A user's balance and one page of their filtered ledger (admins: anyone of the tenant; others: themselves). */
export function getUserCredits({
  userId,
  query,
}: {
  userId: string;
  query: UserCreditsQuery;
}): Promise<CreditsResponse> {
  return request(GetUserCredits, { params: { id: userId }, query });
}
