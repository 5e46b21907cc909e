import {
  CheckedBodySchema,
  CompletionLogListResponseSchema,
  CompletionLogSchema,
  CompletionParamsSchema,
  ListRobotCompletionsQuerySchema,
  RobotSessionListResponseSchema,
  RobotSessionsBodySchema,
} from './chat';
import { TraceStepSchema } from './flow-trace';
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';

// A robot's logs as staff review them: its answers and sessions, one answer, its review state. The
// schemas are the chat's: a logged answer is a completion with who asked, model, tokens and cost.

/** One answer with the trace of the flow that gave it (what each node did; empty for answers older than flows). */
export const AnswerDetailSchema = Type.Composite([
  CompletionLogSchema,
  Type.Object({ trace: Type.Array(TraceStepSchema) }),
]);
export type AnswerDetail = Static<typeof AnswerDetailSchema>;

/** One page of a robot's answers, newest first, filtered by session, feedback and review state. */
export const ListRobotAnswers = endpoint({
  method: 'GET',
  path: '/v1/completions/processes',
  query: ListRobotCompletionsQuerySchema,
  response: CompletionLogListResponseSchema,
});
/** One page of a robot's sessions (every chatter's, empty ones too) with their size, newest activity first. */
export const ListRobotSessions = endpoint({
  method: 'POST',
  path: '/v1/completions/sessionIds',
  body: RobotSessionsBodySchema,
  response: RobotSessionListResponseSchema,
});
/** One answer as the logs show it: who asked, model, tokens, latency, cost, and each node's trace. */
export const GetRobotAnswer = endpoint({
  method: 'GET',
  path: '/v1/completions/{completionId}',
  params: CompletionParamsSchema,
  response: AnswerDetailSchema,
});
/** Marks an answer reviewed, or not (agents and admins); answers it. */
export const SetAnswerChecked = endpoint({
  method: 'PUT',
  path: '/v1/completions/{completionId}/checked',
  params: CompletionParamsSchema,
  body: CheckedBodySchema,
  response: CompletionLogSchema,
});
