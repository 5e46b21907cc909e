import type { FlowClass } from '@flotilla/shared/contracts';
import { queryTerms } from '../../search/query';

/** How well a question fits one phrase (a class's name or example), 0…1. */
function phraseScore(question: string, questionTerms: ReadonlySet<string>, phrase: string): number {
  const wanted = phrase.trim().toLowerCase();
  if (wanted === '') return 0;
  if (question.includes(wanted)) return 1;
  const terms = queryTerms(wanted);
  if (terms.length === 0) return 0;
  return terms.filter((term) => questionTerms.has(term)).length / terms.length;
}

/**
 * The class a question belongs to without a model: the one whose name or an example shares the largest
 * part of its words (jieba-segmented) with the question; the first such class on a tie; none when no
 * class shares a word.
 */
export function classifyByWords(
  question: string,
  classes: readonly FlowClass[],
): { classId: string; name: string; score: number } | undefined {
  const lowered = question.toLowerCase();
  const questionTerms = new Set(queryTerms(lowered));
  let best: { classId: string; name: string; score: number } | undefined;
  for (const option of classes) {
    const score = Math.max(
      ...[option.name, ...option.examples].map((phrase) => phraseScore(lowered, questionTerms, phrase)),
    );
    if (score > 0 && (!best || score > best.score)) best = { classId: option.id, name: option.name, score };
  }
  return best;
}
