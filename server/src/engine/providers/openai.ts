import type { OpenAiModel } from '../../config';
import { idleAbort } from '../../lib/idle-abort';
import { openAiCompatible } from '../../lib/openai-compatible';
import { ProviderError } from '../../lib/provider-error';
import { estimateTokens, type AnswerChunk, type AnswerProvider, type AnswerRequest } from './provider';

/** A part of a user message with images (the chat completions API's content parts). */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

/** A message of the chat completions API. */
export type UpstreamMessage = { role: 'system' | 'user' | 'assistant'; content: string | ContentPart[] };

/** A streamed chunk of the chat completions API: the parts read here. */
type CompletionChunk = {
  choices?: Array<{ delta?: { content?: string | null } }>;
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
};

/** The question with the text of its attached documents before it (a document that could not be read is named as such). */
function questionWithDocuments(request: AnswerRequest): string {
  if (request.documents.length === 0) return request.question;
  const documents = request.documents.map(({ name, text }) =>
    text === null
      ? `[Attached file "${name}": no text could be read from it]`
      : `[Attached file "${name}"]\n${text}\n[End of "${name}"]`,
  );
  return `${documents.join('\n\n')}\n\n${request.question}`;
}

/**
 * The messages an OpenAI-compatible model gets: system prompt with the numbered passages (and a note on the
 * attachments it does not get, which it is asked to mention), history, then the question with its documents'
 * text and, for a vision model, its images as `image_url` parts.
 */
export function upstreamMessages(request: AnswerRequest): UpstreamMessage[] {
  const knowledge = request.knowledge.length
    ? `\n\nAnswer from these passages when they are relevant and cite them as [n]:\n${request.knowledge.map((p) => `[${p.index}] ${p.text}`).join('\n')}`
    : '';
  const unread = request.unread.length
    ? `\n\nThe user attached ${request.unread.map((name) => `"${name}"`).join(', ')}, which you cannot see. Say so briefly, in the language of your answer, and answer from the text alone.`
    : '';
  const system = `${request.systemPrompt}${knowledge}${unread}`.trim();
  const text = questionWithDocuments(request);
  const question: UpstreamMessage =
    request.images.length > 0
      ? {
          role: 'user',
          content: [
            { type: 'text', text },
            ...request.images.map((url): ContentPart => ({ type: 'image_url', image_url: { url } })),
          ],
        }
      : { role: 'user', content: text };
  return [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
    question,
  ];
}

/** The text of the messages, for a token estimate (images are not counted). */
function messagesText(messages: UpstreamMessage[]): string {
  return messages
    .map(({ content }) =>
      typeof content === 'string' ? content : content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
    )
    .join('');
}

/**
 * An OpenAI-compatible endpoint (OpenAI, DeepSeek, Qwen, Ollama, vLLM…), streamed. `idleTimeoutMs` bounds
 * the silence before the first token and between tokens; aborting `signal` (the visitor went away) aborts
 * the upstream request. No retries: a retried stream would double the wait, and the visitor can ask again.
 */
export function openAiProvider(model: OpenAiModel, idleTimeoutMs: number): AnswerProvider & { close(): Promise<void> } {
  const client = openAiCompatible(model);
  return {
    reads: { images: model.vision === true, documents: true },
    close: () => client.close(),
    async *stream(request, signal): AsyncIterable<AnswerChunk> {
      const upstream = idleAbort(signal, idleTimeoutMs);
      let text = '';
      let reported = false;
      try {
        const body = {
          model: model.model,
          messages: upstreamMessages(request),
          temperature: request.temperature,
          stream: true,
          stream_options: { include_usage: true },
        };
        for await (const event of client.events({ path: 'chat/completions', body, signal: upstream.signal })) {
          upstream.touch();
          const chunk = event as CompletionChunk;
          const delta = chunk.choices?.[0]?.delta?.content;
          if (delta) {
            text += delta;
            yield { type: 'delta', text: delta };
          }
          if (chunk.usage) {
            reported = true;
            const { prompt_tokens: promptTokens, completion_tokens: completionTokens } = chunk.usage;
            yield {
              type: 'usage',
              usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
            };
          }
        }
        // An abort while the body streams may end the iteration quietly instead of throwing.
        if (upstream.timedOut) throw new Error('idle timeout');
      } catch (error) {
        if (signal.aborted) return;
        if (upstream.timedOut)
          throw new ProviderError('PROVIDER_TIMEOUT', `no token from ${model.id} for ${idleTimeoutMs} ms`, {
            cause: error,
          });
        throw new ProviderError(
          'PROVIDER_ERROR',
          `${model.id}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      } finally {
        upstream.release();
      }
      if (signal.aborted) return;
      if (!reported) {
        // Some compatible servers ignore stream_options: estimate rather than report nothing.
        const promptTokens = estimateTokens(messagesText(upstreamMessages(request)));
        const completionTokens = estimateTokens(text);
        yield {
          type: 'usage',
          usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens },
        };
      }
    },
  };
}
