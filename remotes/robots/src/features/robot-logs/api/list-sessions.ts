import { ListRobotSessions, request, type RobotSessionListResponse, type RobotSessionsBody } from '@flotilla/shared';

/** One page of the robot's chat sessions, newest activity first. */
export function listSessions(body: RobotSessionsBody): Promise<RobotSessionListResponse> {
  return request(ListRobotSessions, { body });
}
