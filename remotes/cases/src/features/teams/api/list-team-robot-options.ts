import { ListRobots, request } from '@flotilla/shared';

/** How many robots the robot picker offers (the server's largest page). */
export const ROBOT_OPTIONS_LIMIT = 200;

/** The tenant's robots a team may receive the cases of. */
export async function listTeamRobotOptions(): Promise<{ id: string; name: string }[]> {
  const { list } = await request(ListRobots, { query: { offset: 0, limit: ROBOT_OPTIONS_LIMIT } });
  return list.map(({ processId, name }) => ({ id: processId, name }));
}
