import { DeleteRobot, request, type Ok } from '@flotilla/shared';

/** Deletes the robot and its share. */
export function deleteRobot(processId: string): Promise<Ok> {
  return request(DeleteRobot, { params: { processId } });
}
