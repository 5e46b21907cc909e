import type { Citation, Locale, Usage } from '@flotilla/shared/contracts';

/** One earlier turn of the conversation, as a model sees it. */
export type ChatTurn = { role: 'user' | 'assistant'; content: string };

/** A document attached to the question: its text within the question's budget, or null when it has none to read. */
export type AttachedDocument = { name: string; text: string | null };

/** Which attachments a provider takes: images (a vision model) and documents (as text in the prompt). */
export type ProviderReads = { images: boolean; documents: boolean };

/** Everything a provider needs to answer one question. */
export type AnswerRequest = {
  /** The provider's own model name (an upstream model for `openai`, `builtin` otherwise). */
  model: string;
  systemPrompt: string;
  temperature: number;
  history: ChatTurn[];
  question: string;
  /** What the robot says when it has nothing better (its basic config). */
  fallbackReply: string;
  /** The robot's welcome text (its preset). */
  welcome: string;
  /** Passages found in the robot's knowledge, numbered as the answer should cite them. */
  knowledge: Citation[];
  /**
   * The answer of a QA pair whose question matches this one well (`knowledge` is then only that pair, [1]):
   * `builtin` answers with it as it is; a model reads the pair among the passages.
   */
  qaAnswer?: string;
  /** Images attached to the question, as `data:` URLs (only when the provider reads images). */
  images: string[];
  /** Documents attached to the question (only when the provider reads documents). */
  documents: AttachedDocument[];
  /** Names of the attachments the provider does not get: the answer tells the chatter so. */
  unread: string[];
  /** The chatter's language (what the answer says without a model is in it). */
  locale: Locale;
};

/** What a provider streams: text as it comes, and at most one usage report. */
export type AnswerChunk = { type: 'delta'; text: string } | { type: 'usage'; usage: Usage };

/**
 * A way of answering: `builtin` (no network, no model) or `openai` (any OpenAI-compatible
 * endpoint). The stream ends when the answer is complete; it throws a ProviderError (lib/provider-error.ts) on failure and
 * stops promptly when `signal` aborts.
 */
export interface AnswerProvider {
  readonly reads: ProviderReads;
  stream(request: AnswerRequest, signal: AbortSignal): AsyncIterable<AnswerChunk>;
}

/** A rough token count where the provider reports none: a CJK character ≈ one token, else four characters. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\u3400-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/g)?.length ?? 0;
  const rest = text.length - cjk;
  return cjk + Math.ceil(rest / 4);
}
