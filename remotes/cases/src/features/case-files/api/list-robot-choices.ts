import { ListRobots, request, type Robot } from '@flotilla/shared';

/** How many robots the picker offers (the server's largest page). */
export const ROBOT_CHOICES_LIMIT = 200;

/** The tenant's robots an analysis may use, newest first. */
export async function listRobotChoices(): Promise<Pick<Robot, 'processId' | 'name'>[]> {
  const { list } = await request(ListRobots, { query: { offset: 0, limit: ROBOT_CHOICES_LIMIT } });
  return list.map(({ processId, name }) => ({ processId, name }));
}
