import { GetShare, request, type Preset } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';

/** The robot's preset, as its share settings hold it. */
export async function getPreset(robot: RobotRef): Promise<Preset> {
  const { welcome, suggestedQuestions } = await request(GetShare, { params: robot });
  return { welcome, suggestedQuestions };
}
