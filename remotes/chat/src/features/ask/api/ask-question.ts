import { AskQuestion, requestEvents, type Attachment, type QaBody, type QaEvent } from '@flotilla/shared';
import { targetQuery, type ChatTarget } from '../../chat/chat-target';

export type Question = { sessionId: string | null; question: string; images: Attachment[]; files: Attachment[] };

/**
 * Asks with `stream: true`: the answer's events (deltas, then `done` or `error`). Without a
 * session id the server creates a session. Aborting `signal` stops the answer (the server keeps it as stopped).
 */
export function askQuestion(
  target: ChatTarget,
  { sessionId, question, images, files }: Question,
  signal: AbortSignal,
): AsyncGenerator<QaEvent> {
  const body: QaBody = {
    ...targetQuery(target),
    ...(target.kind === 'visitor' ? { visitorId: target.userId } : {}),
    ...(sessionId ? { sessionId } : {}),
    question,
    ...(images.length > 0 ? { images } : {}),
    ...(files.length > 0 ? { files } : {}),
    stream: true,
  };
  return requestEvents(AskQuestion, { body, signal, inline: true });
}
