import { request, SendFeedback, type Completion, type FeedbackValue } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

/** Likes or dislikes an answer with a comment; `null` clears both. */
export function sendFeedback(
  target: ChatTarget,
  id: string,
  feedback: FeedbackValue | null,
  text: string,
): Promise<Completion> {
  return request(SendFeedback, {
    params: { completionId: id },
    body: { ...targetQuery(target), userId: target.userId, feedback, text },
    inline: true,
  });
}
