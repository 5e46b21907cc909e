import type { Attachment, Citation, Completion, Failure, FeedbackValue } from '@flotilla/shared';

/** Where an answer stands: still arriving, complete, stopped by the chatter, or failed. */
export type AnswerStatus = 'streaming' | 'done' | 'stopped' | 'error';

/** One completion as the chat holds it: a question and its answer, saved or still arriving. */
export type ChatPair = {
  /** Stable while the pair is on screen (the completion id is known only once the answer is done). */
  localId: string;
  /** The completion's id on the server; `null` until the `done` event (a stopped answer has none here). */
  id: string | null;
  question: string;
  images: Attachment[];
  files: Attachment[];
  answer: string;
  citations: Citation[];
  status: AnswerStatus;
  /** Why the answer failed: an error event or an HTTP error. */
  failure: Failure | null;
  feedback: FeedbackValue | null;
  feedbackText: string;
  createdAt: string;
};

/** A chat message as the product names it (id, ts, content, role, img, file): the user's question or the assistant's answer of a pair. */
export type ChatMessage = {
  id: string | null;
  ts: string;
  content: string;
  role: 'user' | 'assistant';
  img: Attachment[];
  file: Attachment[];
};

/** A completion from the server as a pair. */
export function pairOf(completion: Completion): ChatPair {
  return {
    localId: completion.id,
    id: completion.id,
    question: completion.question,
    images: completion.images,
    files: completion.files,
    answer: completion.answer,
    citations: completion.citations,
    // The server keeps failed answers too; what failed is not kept, so say it generally.
    status: completion.status,
    failure: completion.status === 'error' ? { status: 0, code: 'ANSWER_FAILED', message: '' } : null,
    feedback: completion.feedback,
    feedbackText: completion.feedbackText,
    createdAt: completion.createdAt,
  };
}

/** The two messages of a pair: the question, then the answer. */
export function messagesOf(pair: ChatPair): [ChatMessage, ChatMessage] {
  return [
    { id: pair.id, ts: pair.createdAt, content: pair.question, role: 'user', img: pair.images, file: pair.files },
    { id: pair.id, ts: pair.createdAt, content: pair.answer, role: 'assistant', img: [], file: [] },
  ];
}
