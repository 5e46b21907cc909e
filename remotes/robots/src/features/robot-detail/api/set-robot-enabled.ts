import { DisableRobot, EnableRobot, request, type Robot } from '@flotilla/shared';

/** Enables or disables the robot (a disabled robot's share stops answering); answers the robot. */
export function setRobotEnabled({ processId, enabled }: { processId: string; enabled: boolean }): Promise<Robot> {
  return request(enabled ? EnableRobot : DisableRobot, { params: { processId } });
}
