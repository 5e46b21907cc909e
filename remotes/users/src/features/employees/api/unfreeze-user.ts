import { request, UnfreezeUser, type User } from '@flotilla/shared';

/** Lifts the user's ban; answers the user. */
export function unfreezeUser(id: string): Promise<User> {
  return request(UnfreezeUser, { params: { id } });
}
