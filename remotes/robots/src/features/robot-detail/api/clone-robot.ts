import { CloneRobot, request, type Robot } from '@flotilla/shared';

/** Copies the robot (basic config, preset and tags; its share disabled); answers the copy. */
export function cloneRobot(processId: string): Promise<Robot> {
  return request(CloneRobot, { params: { processId } });
}
