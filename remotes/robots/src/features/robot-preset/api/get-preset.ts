import { http, type Preset, type ShareSettings } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';
import { sharePath } from '../../../lib/share-path';

/** The robot's preset, as its share settings hold it (`GET /v1/users/{adminId}/processes/{processId}/share`). */
export async function getPreset(robot: RobotRef): Promise<Preset> {
  const { welcome, suggestedQuestions } = await http.get<ShareSettings>(sharePath(robot));
  return { welcome, suggestedQuestions };
}
