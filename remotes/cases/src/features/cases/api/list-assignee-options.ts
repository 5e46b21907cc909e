import { ListActingUsers, request, type ActingUser } from '@flotilla/shared';

/** How many users the assignee picker offers (the server's largest page). */
export const ASSIGNEE_OPTIONS_LIMIT = 200;

/** The users a case may be given to: those the caller may act for (an agent, only themself). */
export async function listAssigneeOptions(): Promise<ActingUser[]> {
  const { list } = await request(ListActingUsers, { query: { offset: 0, limit: ASSIGNEE_OPTIONS_LIMIT } });
  return list;
}
