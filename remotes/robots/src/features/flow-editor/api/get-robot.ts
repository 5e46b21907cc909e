import { GetRobot, request, type Robot } from '@flotilla/shared';

/** The robot whose flow is edited (its name, type and admin). */
export function getRobot(processId: string): Promise<Robot> {
  return request(GetRobot, { params: { processId } });
}
