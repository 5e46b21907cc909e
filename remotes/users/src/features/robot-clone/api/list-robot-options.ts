import { ListRobots, request } from '@flotilla/shared';

/** A robot as the clone dialog's picker shows it. */
export type RobotOption = { id: string; name: string };

/** The tenant's first 100 robots whose name or description contains `keyword`, newest first. */
export async function listRobotOptions(keyword: string): Promise<RobotOption[]> {
  const query = { offset: 0, limit: 100, ...(keyword && { keyword }) };
  return (await request(ListRobots, { query })).list.map((robot) => ({ id: robot.processId, name: robot.name }));
}
