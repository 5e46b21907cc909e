import { tokenize } from './tokenize';

/** Longest query the full-text index is asked: a pasted paragraph costs no more than a long question. */
export const MAX_QUERY_TERMS = 32;

// Words that say little about what a question is about. They are dropped from a query when other words
// remain (never from the index); a query of nothing else keeps them. Passed through tokenize() so that
// they take the form the index holds (jieba's cuts, Porter stems).
const CHINESE_STOP_WORDS = [
  '的',
  '了',
  '是',
  '在',
  '和',
  '与',
  '及',
  '或',
  '吗',
  '呢',
  '吧',
  '啊',
  '呀',
  '哦',
  '嘛',
  '么',
  '之',
  '其',
  '而',
  '且',
  '我',
  '你',
  '您',
  '他',
  '她',
  '它',
  '我们',
  '你们',
  '他们',
  '她们',
  '咱们',
  '这',
  '那',
  '这个',
  '那个',
  '这些',
  '那些',
  '这里',
  '那里',
  '有',
  '没有',
  '就',
  '都',
  '也',
  '还',
  '很',
  '太',
  '个',
  '一个',
  '一些',
  '一下',
  '请',
  '请问',
  '什么',
  '怎么',
  '怎么样',
  '怎样',
  '如何',
  '为什么',
  '哪',
  '哪里',
  '哪个',
  '哪些',
  '多少',
  '是否',
  '是不是',
  '能否',
  '能不能',
  '可以',
  '会',
  '要',
  '想',
  '对',
  '把',
  '被',
  '给',
  '从',
  '到',
  '向',
  '让',
  '但',
  '但是',
  '如果',
  '因为',
  '所以',
  '谢谢',
  '你好',
  '您好',
];
const ENGLISH_STOP_WORDS = [
  'a',
  'an',
  'the',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'am',
  'do',
  'does',
  'did',
  'i',
  'me',
  'my',
  'you',
  'your',
  'we',
  'our',
  'us',
  'it',
  'its',
  'this',
  'that',
  'these',
  'those',
  'there',
  'here',
  'to',
  'of',
  'in',
  'on',
  'at',
  'for',
  'with',
  'from',
  'by',
  'about',
  'as',
  'and',
  'or',
  'but',
  'if',
  'so',
  'how',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
  'can',
  'could',
  'would',
  'should',
  'will',
  'shall',
  'may',
  'please',
  'have',
  'has',
  'had',
  'get',
  'any',
  'some',
  'hi',
  'hello',
  'thanks',
];
let stopWords: Set<string> | undefined;
function isStopWord(token: string): boolean {
  stopWords ??= new Set(tokenize([...CHINESE_STOP_WORDS, ...ENGLISH_STOP_WORDS].join(' ')));
  return stopWords.has(token);
}

/**
 * The terms a query searches for: its distinct tokens (the same tokenize() as the index), without the
 * stop words when other words remain, at most {@link MAX_QUERY_TERMS}.
 */
export function queryTerms(text: string): string[] {
  const tokens = [...new Set(tokenize(text))];
  const content = tokens.filter((token) => !isStopWord(token));
  return (content.length > 0 ? content : tokens).slice(0, MAX_QUERY_TERMS);
}

// Control characters end an FTS5 string early ("unterminated string"); a term never needs them.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * An FTS5 MATCH expression: each term a quoted string (its `"` doubled), OR-ed. Inside quotes nothing is
 * syntax — `"foo" OR bar*`, `NEAR(` or `col:` are searched as words — and FTS5 splits a quoted term the
 * way it split the indexed text, so `don't` or `e-mail` find what they were indexed as.
 */
export function ftsMatch(terms: string[]): string {
  return terms.map((term) => `"${term.replace(CONTROL, ' ').replace(/"/g, '""')}"`).join(' OR ');
}

/**
 * A PostgreSQL tsquery text (for `to_tsquery('simple', …)`): each term a quoted lexeme (`'` doubled, `\`
 * escaped), OR-ed; a term the parser splits becomes a phrase, as the indexed text was split.
 */
export function tsQuery(terms: string[]): string {
  return terms.map((term) => `'${term.replace(CONTROL, ' ').replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' | ');
}

/**
 * The share of `terms` found among a segment's tokens (its `search_text`), 0…1: the relevance score of
 * a full-text hit. Independent of the corpus and of the dialect, so one threshold means the same
 * everywhere: 1 = every word of the question is in the segment, 0.5 = half of them.
 */
export function coverage(terms: string[], searchText: string): number {
  if (terms.length === 0) return 0;
  const tokens = ` ${searchText} `;
  let found = 0;
  for (const term of terms) if (tokens.includes(` ${term} `)) found += 1;
  return found / terms.length;
}

// FTS5's bm25() (fts5_aux.c): a segment scores the sum over the query's terms it holds of
// idf · f · (k1 + 1) / (f + k1 · (1 − b + b · D / avgdl)), f the term's occurrences, D the segment's length.
const BM25_K1 = 1.2;
/** Below this share of the segments a term is never left out of the candidates: its rows cost little to score. */
const COMMON_FROM_SHARE = 0.02;

/**
 * FTS5's IDF of a term found in `segments` of `documents`: ln((N − n + 0.5) / (n + 0.5)), at least 1e-6
 * (FTS5 puts 1e-6 for ≤ 0 and keeps a smaller positive value: raising it only loosens a ceiling).
 */
export function bm25Idf(documents: number, segments: number): number {
  return Math.max(Math.log((documents - segments + 0.5) / (segments + 0.5)), 1e-6);
}

/**
 * More than BM25 gives any segment that holds only these terms (segments per term): each adds less than
 * idf · (k1 + 1) however often it occurs, as k1 · (1 − b + b · D / avgdl) > 0.
 */
export function bm25Ceiling(documents: number, counts: number[]): number {
  return counts.reduce((sum, segments) => sum + bm25Idf(documents, segments) * (BM25_K1 + 1), 0);
}

export type CountedTerm = { term: string; segments: number };

/**
 * The common terms a ranking of the best `end` may leave out of its candidates (MaxScore, Turtle & Flood
 * 1995): candidates hold one of the other terms, and are still scored on the whole query. A segment
 * holding only common terms scores under their {@link bm25Ceiling}, so when the `end`-th candidate
 * scores above it the candidates' best are the query's best; the caller checks that with exact counts.
 * Left out: the most common terms (each in ≥ 2% of the segments), as many as keep their ceiling under
 * what the `end`-th candidate is expected to score. Empty when that is none.
 */
export function commonTerms(terms: CountedTerm[], documents: number, end: number): string[] {
  const byCount = [...terms].sort((a, b) => b.segments - a.segments);
  let common = 0;
  for (let i = 1; i < byCount.length && byCount[i - 1]!.segments >= documents * COMMON_FROM_SHARE; i++) {
    const ceiling = bm25Ceiling(
      documents,
      byCount.slice(0, i).map((term) => term.segments),
    );
    if (ceiling < expectedScore(byCount.slice(i), documents, end)) common = i;
  }
  return byCount.slice(0, common).map((term) => term.term);
}

/**
 * About what the `end`-th segment holding one of `rare` scores: the IDF of the term that brings them to
 * `end` (a segment of average length holding it once scores that); 0 when fewer than `end` hold one.
 */
function expectedScore(rare: CountedTerm[], documents: number, end: number): number {
  let candidates = 0;
  for (const { segments } of [...rare].sort((a, b) => a.segments - b.segments)) {
    candidates += segments;
    if (candidates >= end) return bm25Idf(documents, segments);
  }
  return 0;
}
