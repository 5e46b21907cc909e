import type { RobotRef } from './robot-ref';

/** `/v1/users/{adminId}/processes/{processId}/share`, the base of every share call. */
export function sharePath({ adminId, processId }: RobotRef): string {
  return `/v1/users/${encodeURIComponent(adminId)}/processes/${encodeURIComponent(processId)}/share`;
}
