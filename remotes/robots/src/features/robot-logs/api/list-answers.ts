import {
  ListRobotAnswers,
  request,
  type CompletionLogListResponse,
  type ListRobotCompletionsQuery,
} from '@flotilla/shared';

/** One page of the robot's answers, newest first, filtered by session, feedback and review. */
export function listAnswers(query: ListRobotCompletionsQuery): Promise<CompletionLogListResponse> {
  return request(ListRobotAnswers, { query });
}
