import { FreezeUser, request, type User } from '@flotilla/shared';

/** Bans the user and revokes their tokens; answers the user. */
export function freezeUser(id: string): Promise<User> {
  return request(FreezeUser, { params: { id } });
}
