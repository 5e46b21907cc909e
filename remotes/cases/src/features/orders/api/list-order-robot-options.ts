import { ListRobots, request } from '@flotilla/shared';

/** How many robots the robot filter offers (the server's largest page). */
export const ROBOT_OPTIONS_LIMIT = 200;

/** The tenant's robots for the order list's robot filter. */
export async function listOrderRobotOptions(): Promise<{ id: string; name: string }[]> {
  const { list } = await request(ListRobots, { query: { offset: 0, limit: ROBOT_OPTIONS_LIMIT } });
  return list.map(({ processId, name }) => ({ id: processId, name }));
}
