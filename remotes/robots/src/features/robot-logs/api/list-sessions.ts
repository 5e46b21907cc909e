import { http, type RobotSessionListResponse, type RobotSessionsBody } from '@flotilla/shared';

/** `POST /v1/completions/sessionIds`: one page of the robot's chat sessions, newest activity first. */
export function listSessions(body: RobotSessionsBody): Promise<RobotSessionListResponse> {
  return http.post<RobotSessionListResponse>('/v1/completions/sessionIds', { body });
}
