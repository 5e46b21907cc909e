import type { Failure } from '@flotilla/shared';

/** Failures the chat words itself; any other shows the server's message (already in the visitor's language). */
const BY_CODE: Record<string, string> = {
  RATE_LIMITED: 'chat.error.rateLimited',
  INSUFFICIENT_CREDITS: 'chat.error.noCredits',
  SHARE_NOT_FOUND: 'chat.error.shareGone',
  NETWORK: 'chat.error.network',
  TIMEOUT: 'chat.error.timeout',
  // The chat's own: a stream that ended without its last event, and a failed answer the server kept.
  ANSWER_CUT_OFF: 'chat.error.cutOff',
  ANSWER_FAILED: 'chat.error.answerFailed',
};
const BY_STATUS: Record<number, string> = { 429: 'chat.error.rateLimited', 402: 'chat.error.noCredits' };

/** What the chat says about a failed call or a failed answer. */
export function failureText(t: (id: string) => string, failure: Pick<Failure, 'status' | 'code' | 'message'>): string {
  const id = BY_CODE[failure.code] ?? BY_STATUS[failure.status];
  if (id) return t(id);
  return failure.message.trim() || t('chat.error.generic');
}
