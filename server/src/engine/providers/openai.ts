import OpenAI from 'openai';
import type { OpenAiModel } from '../../config';
import { estimateTokens, ProviderError, type AnswerChunk, type AnswerProvider, type AnswerRequest } from './provider';

/** The messages an OpenAI-compatible model gets: system prompt with the numbered passages, history, question. */
export function upstreamMessages(request: AnswerRequest): OpenAI.Chat.ChatCompletionMessageParam[] {
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
 * An OpenAI-compatible endpoint (OpenAI, DeepSeek, Qwen, Ollama, vLLM…) through the official client.
 * `idleTimeoutMs` bounds the silence before the first token and between tokens; aborting `signal` (the
 * visitor went away) aborts the upstream request.
 */
export function openAiProvider(model: OpenAiModel, idleTimeoutMs: number): AnswerProvider {
  // No retries: a retried stream would double the wait, and the visitor can ask again.
  // The idle timer below decides timeouts; the client's own (whole-request) timeout is only a backstop.
  const client = new OpenAI({ baseURL: model.baseUrl, apiKey: model.apiKey || 'none', maxRetries: 0, timeout: idleTimeoutMs * 10 });
  return {
    async *stream(request, signal): AsyncIterable<AnswerChunk> {
      const upstream = new AbortController();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      const armIdleTimer = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          upstream.abort();
        }, idleTimeoutMs);
      };
      const onAbort = () => upstream.abort();
      signal.addEventListener('abort', onAbort, { once: true });
      armIdleTimer();
      let text = '';
      let reported = false;
      try {
        const stream = await client.chat.completions.create(
          { model: model.model, messages: upstreamMessages(request), temperature: request.temperature, stream: true, stream_options: { include_usage: true } },
          { signal: upstream.signal },
        );
        for await (const chunk of stream) {
          armIdleTimer();
          const delta = chunk.choices[0]?.delta?.content;
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
        if (timedOut) throw new Error('idle timeout');
      } catch (error) {
        if (signal.aborted) return;
        if (timedOut) throw new ProviderError('PROVIDER_TIMEOUT', `no token from ${model.id} for ${idleTimeoutMs} ms`, { cause: error });
        throw new ProviderError('PROVIDER_ERROR', `${model.id}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      }
      if (signal.aborted) return;
      if (!reported) {
        // Some compatible servers ignore stream_options: estimate rather than report nothing.
        const promptTokens = estimateTokens(upstreamMessages(request).map((m) => String(m.content)).join(''));
        const completionTokens = estimateTokens(text);
        yield { type: 'usage', usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
      }
    },
  };
}
