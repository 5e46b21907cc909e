import { DeleteUser, request, type DeleteUserResponse } from '@flotilla/shared';

/**
 * Deletes the user; their robots go to `robotsTo` (empty: to the caller). Silent: the dialog shows a refusal
 * itself.
 */
export function deleteUser({ id, robotsTo }: { id: string; robotsTo: string }): Promise<DeleteUserResponse> {
  return request(DeleteUser, { params: { id }, query: robotsTo ? { robotsTo } : {}, silent: true });
}
