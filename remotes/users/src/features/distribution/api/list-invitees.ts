import { ListInvitees, request, type InviteeListResponse, type ListInviteesQuery } from '@flotilla/shared';

/** One page of invitees: an admin's tenant (one referrer's with `referrerId`), anyone else's own. */
export function listInvitees(query: ListInviteesQuery): Promise<InviteeListResponse> {
  return request(ListInvitees, { query });
}
