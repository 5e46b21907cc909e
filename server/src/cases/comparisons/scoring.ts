import type { Citation } from '@flotilla/shared/contracts';
import { tokenize } from '../../search/tokenize';

/** What a score is computed from: the expected answer, the robot's answer and the passages it cited. */
export type Scored = {
  expected: string;
  answer: string;
  citations: Pick<Citation, 'text'>[];
  /** The robot answered with its fallback reply (it found nothing). */
  fallback: boolean;
  /** The answer failed (provider error, no credits): it scores 0. */
  failed: boolean;
};

/** Scores keep four decimals: enough to rank, and they read the same in every database. */
const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;

/** Lower-cased NFKC text with whitespace and punctuation dropped: what "the expected answer appears in" compares. */
function bare(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** The answer without its citation markers (` [1]`): they point at passages, they say nothing. */
function withoutMarkers(answer: string): string {
  return answer.replace(/\s*\[\d{1,3}\]/g, '');
}

/** The tokens of a text as counts (jieba's search-mode cut; punctuation and spaces are not tokens). */
function counts(text: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const token of tokenize(text)) result.set(token, (result.get(token) ?? 0) + 1);
  return result;
}

/** F1 of the answer's tokens against the expected answer's (each token counted as often as both hold it). */
export function tokenF1(answer: string, expected: string): number {
  const got = counts(answer);
  const want = counts(expected);
  let gotTotal = 0;
  let wantTotal = 0;
  let overlap = 0;
  for (const n of got.values()) gotTotal += n;
  for (const [token, n] of want) {
    wantTotal += n;
    overlap += Math.min(n, got.get(token) ?? 0);
  }
  if (overlap === 0) return 0;
  const precision = overlap / gotTotal;
  const recall = overlap / wantTotal;
  return (2 * precision * recall) / (precision + recall);
}

/** Whether the expected answer's text (ignoring case, spaces and punctuation) is inside a cited passage. */
export function citedExpected(expected: string, citations: Pick<Citation, 'text'>[]): boolean {
  const wanted = bare(expected);
  return wanted !== '' && citations.some((citation) => bare(citation.text).includes(wanted));
}

/**
 * The builtin score (0..1) of an answer against the expected one:
 * - a failed answer: 0;
 * - no expected answer (the robot should not know): 1 when it fell back, else 0;
 * - otherwise F = the token F1 (citation markers such as `[1]` left out of the answer); when the expected answer appears in a passage the robot cited, (1 + F) / 2
 *   (it found the right knowledge), else F.
 */
export function builtinScore({ expected, answer, citations, fallback, failed }: Scored): number {
  if (failed) return 0;
  if (expected.trim() === '') return fallback ? 1 : 0;
  const f1 = tokenF1(withoutMarkers(answer), expected);
  return round(citedExpected(expected, citations) ? (1 + f1) / 2 : f1);
}

/**
 * A judge's reply read defensively: the first number in it, taken as is when in 0..1, or as a percentage
 * when followed by `%` (or between 1 and 100 out of 100); anything else is no score (undefined).
 */
export function parseJudgeScore(reply: string): number | undefined {
  const match = /(-?\d+(?:\.\d+)?)\s*(%|\/\s*100|\/\s*10|\/\s*1(?![0-9]))?/.exec(reply);
  if (!match) return undefined;
  const value = Number(match[1]);
  const scale = match[2]?.replace(/\s/g, '');
  let score: number;
  if (scale === '%' || scale === '/100') score = value / 100;
  else if (scale === '/10') score = value / 10;
  else score = value;
  return Number.isFinite(score) && score >= 0 && score <= 1 ? round(score) : undefined;
}

/** The judge's rubric (the robot's model answers with one number). */
export const JUDGE_INSTRUCTIONS = [
  'You grade a customer-service robot. Compare its ANSWER with the EXPECTED answer to the QUESTION.',
  'Score 1 when the answer states the same facts as the expected answer and nothing contradicts it;',
  '0.5 when it is partly right (some facts missing or vague, nothing wrong);',
  '0 when it is wrong, contradicts the expected answer, or does not answer.',
  'Use any value between 0 and 1 for answers in between. Extra politeness or wording does not matter.',
  'If the expected answer is empty, score 1 when the robot says it does not know, else 0.',
  'Reply with the number only, such as 0.75.',
].join('\n');

/** The judge's question: the three texts, marked. */
export function judgeQuestion(question: string, expected: string, answer: string): string {
  return `QUESTION:\n${question}\n\nEXPECTED:\n${expected}\n\nANSWER:\n${answer}`;
}
