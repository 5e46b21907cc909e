import { GetRobot, request, type Robot } from '@flotilla/shared';

/** The robot of a debug chat (staff), for its name and icon. */
export function getRobot(processId: string): Promise<Robot> {
  return request(GetRobot, { params: { processId } });
}
