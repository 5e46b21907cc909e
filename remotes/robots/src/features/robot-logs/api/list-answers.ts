import { http, type CompletionLogListResponse, type ListRobotCompletionsQuery } from '@flotilla/shared';

/** `GET /v1/completions/processes`: one page of the robot's answers, newest first, filtered by session, feedback and review. */
export function listAnswers(query: ListRobotCompletionsQuery): Promise<CompletionLogListResponse> {
  return http.get<CompletionLogListResponse>('/v1/completions/processes', { query });
}
