import { describe, expect, it } from 'vitest';
import { DEFAULT_SEPARATORS } from '@flotilla/shared/contracts';
import { separatorLevels, splitText } from '../../src/knowledge/split';

/** The text a segment list covers, overlaps removed: each segment's body is what follows the previous one's text. */
const compact = (text: string) => text.replace(/\s+/g, '');

describe('splitText', () => {
  it('keeps a short text whole, trimmed', () => {
    expect(splitText('  Hello world.  \n', { chunkSize: 100, overlap: 10 })).toEqual(['Hello world.']);
  });

  it('never gives an empty segment', () => {
    expect(splitText('', { chunkSize: 100, overlap: 10 })).toEqual([]);
    expect(splitText(' \n\n \n\n ', { chunkSize: 100, overlap: 10 })).toEqual([]);
    const segments = splitText('a\n\n\n\n\n\nb\n\n  \n\nc', { chunkSize: 2, overlap: 0 });
    expect(segments).toEqual(['a', 'b', 'c']);
  });

  it('splits English at paragraphs first, then at sentence ends, keeping each sentence whole', () => {
    const text =
      'Returns are free within seven days. Keep the receipt.\n\nShipping is paid by the buyer! Unless the item is faulty; then we pay. Questions? Ask us.';
    const segments = splitText(text, { chunkSize: 60, overlap: 0 });
    expect(segments).toEqual([
      'Returns are free within seven days. Keep the receipt.',
      'Shipping is paid by the buyer!',
      'Unless the item is faulty; then we pay. Questions? Ask us.',
    ]);
    for (const segment of segments) expect(segment.length).toBeLessThanOrEqual(60);
  });

  it('splits Chinese at 。！？ (then ；) without cutting a sentence', () => {
    const text =
      '我们的退货政策是七天无理由退货。请保留好发票！运费由谁承担？质量问题由商家承担；其他情况由买家承担，运费另计。';
    const segments = splitText(text, { chunkSize: 20, overlap: 0 });
    expect(segments).toEqual([
      '我们的退货政策是七天无理由退货。',
      '请保留好发票！运费由谁承担？',
      '质量问题由商家承担；',
      '其他情况由买家承担，运费另计。',
    ]);
    for (const segment of segments) {
      expect(segment.length).toBeLessThanOrEqual(20);
      expect(segment).toMatch(/[。！？；]$/);
    }
    expect(compact(segments.join(''))).toBe(compact(text));
  });

  it('treats every sentence end alike: 。 is not a better place to cut than ！ or ？', () => {
    const text = '第一句！第二句？第三句。第四句！';
    expect(splitText(text, { chunkSize: 8, overlap: 0 })).toEqual(['第一句！第二句？', '第三句。第四句！']);
  });

  it('merges small paragraphs into one segment while they fit', () => {
    const segments = splitText('One.\n\nTwo.\n\nThree.\n\nFour.', { chunkSize: 14, overlap: 0 });
    expect(segments).toEqual(['One.\n\nTwo.', 'Three.\n\nFour.']);
  });

  it('cuts hard only inside a sentence longer than a segment, after trying clauses and words', () => {
    const long = 'x'.repeat(45);
    const segments = splitText(`Short one. ${long}. Next sentence.`, { chunkSize: 20, overlap: 0 });
    expect(segments[0]).toBe('Short one.');
    expect(segments.slice(1, 4)).toEqual(['x'.repeat(20), 'x'.repeat(20), 'x'.repeat(5) + '.']);
    expect(segments[4]).toBe('Next sentence.');
    // Words: a long sentence breaks between words, never inside one.
    const words = splitText('alpha beta gamma delta epsilon zeta eta theta iota kappa', { chunkSize: 20, overlap: 0 });
    expect(words).toEqual(['alpha beta gamma', 'delta epsilon zeta', 'eta theta iota kappa']);
  });

  it('never splits a surrogate pair', () => {
    const segments = splitText('😀'.repeat(30), { chunkSize: 7, overlap: 0 });
    for (const segment of segments) expect(segment).toMatch(/^(😀)+$/u);
    expect(segments.join('')).toBe('😀'.repeat(30));
  });

  it('starts each segment with the end of the previous one (overlap), within the chunk size', () => {
    const text = '第一句话在这里呢。第二句话在这里呢。第三句话在这里呢。第四句话在这里呢。';
    const segments = splitText(text, { chunkSize: 14, overlap: 4 });
    expect(segments).toEqual([
      '第一句话在这里呢。',
      '这里呢。第二句话在这里呢。',
      '这里呢。第三句话在这里呢。',
      '这里呢。第四句话在这里呢。',
    ]);
    for (const segment of segments) expect(segment.length).toBeLessThanOrEqual(14);
  });

  it('does not start an English overlap in the middle of a word', () => {
    const segments = splitText('The first sentence is here. The second sentence follows it. The third one ends.', {
      chunkSize: 50,
      overlap: 12,
    });
    // "ce is here." would start inside "sentence": the overlap starts at the next word.
    expect(segments).toEqual([
      'The first sentence is here.',
      'is here. The second sentence follows it.',
      'follows it. The third one ends.',
    ]);
  });

  it('caps the overlap at half a segment', () => {
    const segments = splitText('Alpha beta. Gamma delta. Epsilon zeta.', { chunkSize: 20, overlap: 1000 });
    for (const segment of segments) expect(segment.length).toBeLessThanOrEqual(20);
    expect(segments.at(-1)).toMatch(/Epsilon zeta\.$/);
  });

  it('uses the chosen separators first, and the default levels after them', () => {
    const text = 'part one ### part two is here. And more ### part three';
    expect(splitText(text, { chunkSize: 32, overlap: 0, separators: ['###'] })).toEqual([
      'part one ###',
      'part two is here. And more ###',
      'part three',
    ]);
    const sentenceEnds = ['。', '！', '？', '. ', '! ', '? '];
    expect(separatorLevels(['###'])).toEqual([
      ['###'],
      ['\n\n'],
      ['\n'],
      sentenceEnds,
      ['；', '; '],
      ['，', ', ', '、'],
      [' '],
    ]);
    expect(separatorLevels([])).toEqual([['\n\n'], ['\n'], sentenceEnds, ['；', '; '], ['，', ', ', '、'], [' ']]);
    expect(separatorLevels(undefined)).toEqual(separatorLevels([...DEFAULT_SEPARATORS]));
    // A chosen sentence end brings its whole group along.
    expect(separatorLevels(['！', '\n'])).toEqual([
      sentenceEnds,
      ['\n'],
      ['\n\n'],
      ['；', '; '],
      ['，', ', ', '、'],
      [' '],
    ]);
  });

  it('splits 2 MB texts of every shape (linear: no quadratic case)', () => {
    const mixed = ('退货政策：七天无理由退货，请保留发票。Refunds take five days. '.repeat(40) + '\n\n').repeat(1200);
    expect(mixed.length).toBeGreaterThan(2_000_000);
    const segments = splitText(mixed, { chunkSize: 500, overlap: 50 });
    expect(segments.length).toBeGreaterThan(4000);
    for (const segment of segments) expect(segment.length).toBeLessThanOrEqual(500);
    expect(splitText('a'.repeat(2_000_000), { chunkSize: 500, overlap: 50 }).length).toBe(4445);
    expect(splitText(' '.repeat(2_000_000), { chunkSize: 500, overlap: 50 })).toEqual([]);
    expect(splitText('。'.repeat(2_000_000), { chunkSize: 4000, overlap: 0 }).length).toBe(500);
    expect(splitText('word '.repeat(400_000), { chunkSize: 100, overlap: 20 }).length).toBeGreaterThan(20_000);
  });
});
