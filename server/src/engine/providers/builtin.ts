import { message } from '../../lib/messages';
import type { AnswerChunk, AnswerProvider, AnswerRequest } from './provider';
import { estimateTokens } from './provider';

const GREETING = /^\s*(hi|hello|hey|good (morning|afternoon|evening)|你好|您好|嗨|哈喽|在吗)[\s!！.。?？~]*$/i;

/** Longest piece of a passage the built-in answer quotes (characters). */
const PASSAGE_CHARS = 200;
const SENTENCE_END = /[。！？!?；;]|\.(?=\s)|\n/g;

/** The start of a passage, cut at the last sentence end within {@link PASSAGE_CHARS} (else at the limit, with …). */
export function shortPassage(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length <= PASSAGE_CHARS) return trimmed;
  const head = trimmed.slice(0, PASSAGE_CHARS);
  let end = 0;
  for (const match of head.matchAll(SENTENCE_END)) end = match.index + match[0].length;
  return end >= PASSAGE_CHARS / 3 ? head.slice(0, end).trim() : `${head.trimEnd()}…`;
}

/**
 * The answer the built-in provider gives, with no model: a greeting gets the robot's welcome, a question
 * that a QA pair matches gets its answer, one with knowledge the start of each passage with its number,
 * anything else the fallback reply. It reads no attachment: when there were some, a note in the chatter's
 * language says so after the answer.
 */
export function builtinAnswer(request: AnswerRequest): string {
  const answer = answerFromKnowledge(request);
  return request.unread.length > 0 ? `${answer}\n\n${message('ATTACHMENTS_NOT_READ', request.locale)}` : answer;
}

function answerFromKnowledge(request: AnswerRequest): string {
  if (GREETING.test(request.question) && request.welcome.trim() !== '') return request.welcome;
  // Rows found in the robot's databases answer the question themselves ("订单 A1002：状态 已发货…").
  const rows = request.knowledge.filter((citation) => citation.databaseId !== undefined);
  if (rows.length > 0) return rows.map((row) => `${row.text} [${row.index}]`).join('\n');
  if (request.qaAnswer !== undefined && request.knowledge[0])
    return `${request.qaAnswer.trim()} [${request.knowledge[0].index}]`;
  if (request.knowledge.length > 0) {
    return request.knowledge.map((passage) => `${shortPassage(passage.text)} [${passage.index}]`).join('\n\n');
  }
  return request.fallbackReply;
}

/** Splits a text into small pieces (a word, or a few CJK characters) so that it streams like a model's. */
export function streamPieces(text: string): string[] {
  return text.match(/[\u3400-\u9fff\uf900-\ufaff]{1,3}|\s*[^\s\u3400-\u9fff\uf900-\ufaff]+\s*|\s+/g) ?? [];
}

/** Answers with no network and no model. */
export function builtinProvider(): AnswerProvider {
  return {
    reads: { images: false, documents: false },
    async *stream(request, signal): AsyncIterable<AnswerChunk> {
      const answer = builtinAnswer(request);
      for (const piece of streamPieces(answer)) {
        if (signal.aborted) return;
        yield { type: 'delta', text: piece };
      }
      const promptTokens = estimateTokens(
        request.systemPrompt + request.question + request.history.map((turn) => turn.content).join(''),
      );
      const completionTokens = estimateTokens(answer);
      yield { type: 'usage', usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens } };
    },
  };
}
