import { GetCaseForm, request, type CaseForm } from '@flotilla/shared';
import type { RobotRef } from '../../../lib/robot-ref';

/** The robot's case form: whether it opens cases, and the fields a conversation must give. */
export function getCaseForm({ processId }: RobotRef): Promise<CaseForm> {
  return request(GetCaseForm, { params: { id: processId } });
}
