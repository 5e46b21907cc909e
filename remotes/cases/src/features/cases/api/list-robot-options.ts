import { ListRobots, request, type Robot } from '@flotilla/shared';

/** How many robots the robot filter offers (the server's largest page). */
export const ROBOT_OPTIONS_LIMIT = 200;

/** The tenant's robots for the robot filter, newest first. */
export async function listRobotOptions(): Promise<Pick<Robot, 'processId' | 'name'>[]> {
  const { list } = await request(ListRobots, { query: { offset: 0, limit: ROBOT_OPTIONS_LIMIT } });
  return list.map(({ processId, name }) => ({ processId, name }));
}
