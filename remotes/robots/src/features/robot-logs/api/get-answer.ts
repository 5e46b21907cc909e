import { GetRobotAnswer, request, type AnswerDetail } from '@flotilla/shared';

/** One answer as the logs show it, with the trace of the flow that gave it. */
export function getAnswer(id: string): Promise<AnswerDetail> {
  return request(GetRobotAnswer, { params: { completionId: id } });
}
