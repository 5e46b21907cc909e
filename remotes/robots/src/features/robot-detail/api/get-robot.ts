import { GetRobot, request, type Robot } from '@flotilla/shared';

/** One robot; 404 when it does not exist (or is another tenant's). */
export function getRobot(processId: string): Promise<Robot> {
  return request(GetRobot, { params: { processId } });
}
