import { createRequire } from 'node:module';
import { stemmer } from 'stemmer';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineTokenizer, TokenizerPool } from '../../src/knowledge/tokenize-pool';
import { queryTerms } from '../../src/search/query';
import { searchText, tokenize } from '../../src/search/tokenize';

const require = createRequire(import.meta.url);
const { Jieba } = require('@node-rs/jieba') as {
  Jieba: { withDict(dict: Uint8Array): { cutForSearch(text: string, hmm: boolean): string[] } };
};
const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array };
const jieba = Jieba.withDict(dict);

/** tokenize() as it was before its fast paths: every piece trimmed, lower-cased, kept with a letter or digit, Latin words stemmed. */
function plainTokens(text: string): string[] {
  return jieba
    .cutForSearch(text.normalize('NFKC'), true)
    .map((piece) => piece.trim().toLowerCase())
    .filter((token) => token && /[\p{L}\p{N}]/u.test(token))
    .map((token) => (/^[a-z][a-z'-]*$/.test(token) ? stemmer(token) : token));
}

const SAMPLES = [
  '我们的退货政策是七天无理由退货。请保留好发票！',
  'Returns are free within seven days. Keep the receipt; POLICIES differ by store.',
  'iPhone手机壳 T恤 卡拉OK，3.5寸屏幕，50%折扣，C++ 与 C# 课程，2024年1月1日起生效',
  "Don't e-mail the café: naïve ÉCOLE Straße İstanbul x² ﬁne ½",
  '　全角空格 ＡＢＣ １２３ Ｈｅｌｌｏ，ｗｏｒｌｄ！',
  '😀 emoji 👍🏽 ok\u00a0nbsp\ttab\nnew line',
  '한국어 텍스트 日本語のテキスト ΑΒΓ αβγ Привет МИР 𠀀𠀁 㐀 豈',
  '',
];

describe('tokenize', () => {
  it('cuts Chinese into words: a query for 退货政策 finds 我们的退货政策是…', () => {
    const tokens = tokenize('我们的退货政策是七天无理由退货。');
    expect(tokens).toEqual(expect.arrayContaining(['退货', '政策']));
    expect(tokens).not.toContain('退');
    for (const term of queryTerms('退货政策')) expect(tokens).toContain(term);
  });

  it('stems English words: plurals find their singular, whatever the case', () => {
    expect(tokenize('Return POLICIES')).toEqual(tokenize('returns policy'));
    for (const term of queryTerms('refund policies')) expect(tokenize('Our refund policy is simple.')).toContain(term);
  });

  it('gives exactly the tokens of the plain per-piece rules, on Chinese, English and mixed text', () => {
    for (const sample of SAMPLES) expect(tokenize(sample), sample).toEqual(plainTokens(sample));
  });
});

describe('TokenizerPool', () => {
  const pool = new TokenizerPool(2);
  afterAll(() => pool.close());

  it('tokenises on its threads exactly as searchText() does on the main thread, in order', async () => {
    const texts = [
      ...SAMPLES,
      ...Array.from({ length: 300 }, (_, i) => `第${i}条：退货政策 item ${i} refunds in ${i % 7} days.`),
    ];
    expect(await pool.searchTexts(texts)).toEqual(texts.map(searchText));
    expect(await inlineTokenizer.searchTexts(texts)).toEqual(texts.map(searchText));
    expect(await pool.searchTexts([])).toEqual([]);
  });

  it('answers batches sent at once each with its own tokens', async () => {
    const batches = Array.from({ length: 8 }, (_, i) =>
      Array.from({ length: 20 }, (_, j) => `batch ${i} line ${j} 优惠券${i}`),
    );
    const answers = await Promise.all(batches.map((batch) => pool.searchTexts(batch)));
    answers.forEach((answer, i) => expect(answer).toEqual((batches[i] as string[]).map(searchText)));
    expect(pool.busyMs()).toBeGreaterThan(0);
  });

  it('fails a batch the thread cannot tokenise, and goes on', async () => {
    await expect(pool.searchTexts([42 as unknown as string])).rejects.toThrow(/^tokenizer:/);
    expect(await pool.searchTexts(['still works'])).toEqual([searchText('still works')]);
  });

  it('fails the batches of threads that end, and starts new threads for the next', async () => {
    const pending = expect(
      pool.searchTexts(Array.from({ length: 2000 }, (_, i) => `一段很长的文字 ${i}`)),
    ).rejects.toThrow('tokenizer closed');
    await pool.close();
    await pending;
    expect(await pool.searchTexts(['退货政策'])).toEqual([searchText('退货政策')]);
  });
});
