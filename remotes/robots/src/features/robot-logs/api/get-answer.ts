import { GetRobotAnswer, request, type CompletionLog } from '@flotilla/shared';

/** One answer as the logs show it. */
export function getAnswer(id: string): Promise<CompletionLog> {
  return request(GetRobotAnswer, { params: { completionId: id } });
}
