import { http, type Completion, type FeedbackBody, type FeedbackValue } from '@flotilla/shared';
import { segment, targetQuery, type ChatTarget } from '../../chat/chat-target';

/** `PUT /v1/completions/{id}/feedback`: like or dislike an answer with a comment; `null` clears both. */
export function sendFeedback(target: ChatTarget, id: string, feedback: FeedbackValue | null, text: string): Promise<Completion> {
  const body: FeedbackBody = { ...targetQuery(target), userId: target.userId, feedback, text };
  return http.put<Completion>(`/v1/completions/${segment(id)}/feedback`, { body, inline: true });
}
