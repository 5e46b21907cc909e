import { GetShare, request, type ShareSettings } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';

/** The robot's share settings (with its preset). */
export function getShare(robot: RobotRef): Promise<ShareSettings> {
  return request(GetShare, { params: robot });
}
