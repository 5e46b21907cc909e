import type { FailureWords } from '@flotilla/shared';

/**
 * How the chat words failures (with `failureText`): these codes and statuses in its own words, any other
 * with the server's message (already in the visitor's language). The chat page does not load the console's
 * shared catalog, so it names its own network message.
 */
export const CHAT_FAILURE_WORDS: FailureWords = {
  network: 'chat.error.network',
  byCode: {
    RATE_LIMITED: 'chat.error.rateLimited',
    INSUFFICIENT_CREDITS: 'chat.error.noCredits',
    SHARE_NOT_FOUND: 'chat.error.shareGone',
    NETWORK: 'chat.error.network',
    TIMEOUT: 'chat.error.timeout',
    // The chat's own: a stream that ended without its last event, and a failed answer the server kept.
    ANSWER_CUT_OFF: 'chat.error.cutOff',
    ANSWER_FAILED: 'chat.error.answerFailed',
  },
  byStatus: { 429: 'chat.error.rateLimited', 402: 'chat.error.noCredits' },
  fallback: 'chat.error.generic',
};
