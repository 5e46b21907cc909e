import { describe, expect, it } from 'vitest';
import { QA_MATCH_THRESHOLD, questionMatch } from '../../src/engine/knowledge';
import { builtinAnswer, shortPassage } from '../../src/engine/providers/builtin';
import {
  bm25Ceiling,
  bm25Idf,
  commonTerms,
  coverage,
  ftsMatch,
  MAX_QUERY_TERMS,
  queryTerms,
  tsQuery,
} from '../../src/search/query';
import { searchText } from '../../src/search/tokenize';

describe('queryTerms', () => {
  it('cuts Chinese into words and stems English, as the index does, without stop words', () => {
    expect(queryTerms('退货政策')).toEqual(['退货', '政策']);
    expect(queryTerms('你们的退货政策是什么？')).toEqual(['退货', '政策']);
    expect(queryTerms('What is your return policy for shoes?')).toEqual(['return', 'polici', 'shoe']);
    expect(queryTerms('Return POLICIES, return policy')).toEqual(['return', 'polici']);
  });

  it('keeps the stop words of a query that has nothing else, and drops punctuation', () => {
    expect(queryTerms('what is it')).toEqual(['what', 'is', 'it']);
    expect(queryTerms('？？！...')).toEqual([]);
  });

  it(`asks at most ${MAX_QUERY_TERMS} terms`, () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    expect(queryTerms(long)).toHaveLength(MAX_QUERY_TERMS);
  });
});

describe('ftsMatch and tsQuery', () => {
  it('quotes every term, so that no query text is FTS5 or tsquery syntax', () => {
    expect(ftsMatch(['退货', 'polici'])).toBe('"退货" OR "polici"');
    expect(ftsMatch(['a"b', 'or', 'near('])).toBe('"a""b" OR "or" OR "near("');
    expect(ftsMatch(['x\u0000y'])).toBe('"x y"');
    expect(tsQuery(["don't", 'a\\b', '退货'])).toBe("'don''t' | 'a\\\\b' | '退货'");
  });
});

describe('bm25Idf, bm25Ceiling and commonTerms', () => {
  it("mirror FTS5's bm25(): IDF ln((N − n + 0.5) / (n + 0.5)), 1e-6 from half the segments on", () => {
    expect(bm25Idf(1000, 10)).toBeCloseTo(Math.log(990.5 / 10.5), 12);
    expect(bm25Idf(1000, 500)).toBe(1e-6);
    expect(bm25Idf(1000, 900)).toBe(1e-6);
    // Each term adds less than idf · (k1 + 1), k1 = 1.2.
    expect(bm25Ceiling(1000, [100, 300])).toBeCloseTo(2.2 * (bm25Idf(1000, 100) + bm25Idf(1000, 300)), 12);
    expect(bm25Ceiling(1000, [])).toBe(0);
  });

  it('leaves out of the candidates the common terms whose ceiling stays under what the rarer ones reach', () => {
    const terms = [
      { term: 'rare', segments: 40 },
      { term: 'common', segments: 3000 },
      { term: 'commoner', segments: 4000 },
    ];
    // Both common terms together bound a segment at 2.2 · (0.85 + 0.41) = 2.8, under idf(rare) = 5.5.
    expect(commonTerms(terms, 10_000, 10)).toEqual(['commoner', 'common']);
    // Deeper than rare's 40 segments the candidates' last would hold only `common` (0.85 < 2.2 · 0.41): none.
    expect(commonTerms(terms, 10_000, 41)).toEqual([]);
    // A term in under 2% of the segments costs little to score: always a candidate.
    expect(
      commonTerms(
        [
          { term: 'rare', segments: 40 },
          { term: 'middling', segments: 150 },
        ],
        10_000,
        10,
      ),
    ).toEqual([]);
    // A ceiling above what the candidates reach (2.2 · 0.85 > idf(1500) = 1.73) would rarely hold: not tried.
    expect(
      commonTerms(
        [
          { term: 'uncommon', segments: 1500 },
          { term: 'common', segments: 3000 },
        ],
        10_000,
        10,
      ),
    ).toEqual([]);
    expect(
      commonTerms(
        [
          { term: 'uncommon', segments: 800 },
          { term: 'common', segments: 3000 },
        ],
        10_000,
        10,
      ),
    ).toEqual(['common']);
    expect(commonTerms([{ term: 'only', segments: 3000 }], 10_000, 10)).toEqual([]);
  });
});

describe('coverage', () => {
  it('is the share of the terms among the tokens of a segment', () => {
    const tokens = searchText('我们的退货政策是：七天无理由退货。');
    expect(coverage(['退货', '政策'], tokens)).toBe(1);
    expect(coverage(['退货', '运费'], tokens)).toBe(0.5);
    expect(coverage(['运费'], tokens)).toBe(0);
    expect(coverage([], tokens)).toBe(0);
  });
});

describe('answers from knowledge', () => {
  it('matches questions that ask the same thing', () => {
    expect(questionMatch('退货政策是什么', '你们的退货政策是什么？')).toBe(1);
    expect(questionMatch('how long does the delivery take?', 'How long does delivery take?')).toBeGreaterThanOrEqual(
      QA_MATCH_THRESHOLD,
    );
    expect(questionMatch('退货要多久才能到账', '你们的退货政策是什么？')).toBeLessThan(QA_MATCH_THRESHOLD);
    expect(questionMatch('？？', '退货政策')).toBe(0);
  });

  it('quotes the start of long passages, cut at a sentence end', () => {
    expect(shortPassage('  Short one.  ')).toBe('Short one.');
    const long = `${'第一句话比较长，'.repeat(10)}到这里结束。${'后面还有很多内容'.repeat(30)}`;
    expect(shortPassage(long)).toBe(`${'第一句话比较长，'.repeat(10)}到这里结束。`);
    const unbroken = 'x'.repeat(500);
    expect(shortPassage(unbroken)).toBe(`${'x'.repeat(200)}…`);
  });

  it('builtin: the QA answer, else the passages numbered, else the fallback reply', () => {
    const base = {
      model: 'builtin',
      systemPrompt: '',
      temperature: 0,
      history: [],
      question: 'q',
      fallbackReply: 'Sorry.',
      welcome: 'Hi!',
      images: [],
      documents: [],
      unread: [],
      locale: 'en-US' as const,
    };
    const passage = (index: number, text: string) => ({
      index,
      segmentId: `s${index}`,
      fileName: 'f.txt',
      datasetId: 'd',
      text,
      score: 0.8,
    });
    expect(builtinAnswer({ ...base, knowledge: [passage(1, 'Q?\nA.')], qaAnswer: 'A.' })).toBe('A. [1]');
    expect(builtinAnswer({ ...base, knowledge: [passage(1, 'One.'), passage(2, 'Two.')] })).toBe(
      'One. [1]\n\nTwo. [2]',
    );
    expect(builtinAnswer({ ...base, knowledge: [] })).toBe('Sorry.');
  });
});
