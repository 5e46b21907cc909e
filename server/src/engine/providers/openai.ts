import type { OpenAiModel } from '../../config';
import { idleAbort } from '../../lib/idle-abort';
import { openAiCompatible } from '../../lib/openai-compatible';
import { estimateTokens, ProviderError, type AnswerChunk, type AnswerProvider, type AnswerRequest } from './provider';

/** A message of the chat completions API. */
export type UpstreamMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** A streamed chunk of the chat completions API: the parts read here. */
type CompletionChunk = {
  choices?: Array<{ delta?: { content?: string | null } }>;
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
};

/** The messages an OpenAI-compatible model gets: system prompt with the numbered passages, history, question. */
export function upstreamMessages(request: AnswerRequest): UpstreamMessage[] {
  const knowledge = request.knowledge.length
    ? `\n\nAnswer from these passages when they are relevant and cite them as [n]:\n${request.knowledge.map((p) => `[${p.index}] ${p.text}`).join('\n')}`
    : '';
  const system = `${request.systemPrompt}${knowledge}`.trim();
  return [
    ...(system ? [{ role: 'system' as const, content: system }] : []),
    ...request.history.map((turn) => ({ role: turn.role, content: turn.content })),
    { role: 'user' as const, content: request.question },
  ];
}

/**
 * An OpenAI-compatible endpoint (OpenAI, DeepSeek, Qwen, Ollama, vLLM…), streamed. `idleTimeoutMs` bounds
 * the silence before the first token and between tokens; aborting `signal` (the visitor went away) aborts
 * the upstream request. No retries: a retried stream would double the wait, and the visitor can ask again.
 */
export function openAiProvider(model: OpenAiModel, idleTimeoutMs: number): AnswerProvider & { close(): Promise<void> } {
  const client = openAiCompatible(model);
  return {
    close: () => client.close(),
    async *stream(request, signal): AsyncIterable<AnswerChunk> {
      const upstream = idleAbort(signal, idleTimeoutMs);
      let text = '';
      let reported = false;
      try {
        const body = { model: model.model, messages: upstreamMessages(request), temperature: request.temperature, stream: true, stream_options: { include_usage: true } };
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
            yield { type: 'usage', usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
          }
        }
        // An abort while the body streams may end the iteration quietly instead of throwing.
        if (upstream.timedOut) throw new Error('idle timeout');
      } catch (error) {
        if (signal.aborted) return;
        if (upstream.timedOut) throw new ProviderError('PROVIDER_TIMEOUT', `no token from ${model.id} for ${idleTimeoutMs} ms`, { cause: error });
        throw new ProviderError('PROVIDER_ERROR', `${model.id}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      } finally {
        upstream.release();
      }
      if (signal.aborted) return;
      if (!reported) {
        // Some compatible servers ignore stream_options: estimate rather than report nothing.
        const promptTokens = estimateTokens(upstreamMessages(request).map((m) => m.content).join(''));
        const completionTokens = estimateTokens(text);
        yield { type: 'usage', usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
      }
    },
  };
}
