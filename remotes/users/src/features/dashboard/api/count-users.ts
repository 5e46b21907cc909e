import { ListUsers, request } from '@flotilla/shared';

/** How many users the tenant has (admin only): a one-row page, of which only the total is used. */
export async function countUsers(): Promise<number> {
  const answer = await request(ListUsers, { query: { offset: 0, limit: 1 } });
  return answer.total;
}
