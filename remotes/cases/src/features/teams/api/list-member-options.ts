import { ListActingUsers, request } from '@flotilla/shared';

/** How many users the member picker offers (the server's largest page). */
export const MEMBER_OPTIONS_LIMIT = 200;

/** The users the caller may put in a team (an operator: the tenant's agents and themself; an admin: everyone). */
export async function listMemberOptions(): Promise<{ id: string; name: string }[]> {
  const { list } = await request(ListActingUsers, { query: { offset: 0, limit: MEMBER_OPTIONS_LIMIT } });
  return list.map(({ id, name }) => ({ id, name }));
}
