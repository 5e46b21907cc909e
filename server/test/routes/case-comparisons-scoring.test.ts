import { describe, expect, it } from 'vitest';
import { builtinScore, citedExpected, parseJudgeScore, tokenF1 } from '../../src/cases/comparisons/scoring';

const scored = (answer: string, expected: string, citations: string[] = [], fallback = false, failed = false) =>
  builtinScore({ answer, expected, citations: citations.map((text) => ({ text })), fallback, failed });

describe('the builtin score', () => {
  it('is the F1 of jieba tokens: precision and recall of the shared tokens', () => {
    // 3 of 4 tokens shared each way: P = R = 0.75, F1 = 0.75.
    expect(tokenF1('red blue green black', 'red blue green white')).toBe(0.75);
    // Answer "red" against "red blue": P = 1, R = 0.5, F1 = 2·0.5/1.5 = 2/3.
    expect(scored('red', 'red blue')).toBe(0.6667);
    // Punctuation and case are not tokens; citation markers are left out.
    expect(scored('Red, BLUE! [1]', 'red blue')).toBe(1);
    expect(scored('nothing alike', 'red blue')).toBe(0);
  });

  it('cuts Chinese into words', () => {
    expect(scored('七天内可以退货', '七天内可以退货。')).toBe(1);
    expect(scored('三十天内可以退货', '七天内可以退货')).toBeGreaterThan(0);
    expect(scored('三十天内可以退货', '七天内可以退货')).toBeLessThan(1);
  });

  it('raises the score to (1 + F1) / 2 when the expected answer is inside a cited passage', () => {
    expect(citedExpected('Red blue.', [{ text: 'Colours: red, blue; and more' }])).toBe(true);
    expect(citedExpected('', [{ text: 'anything' }])).toBe(false);
    // F1 0.75 → (1 + 0.75) / 2 = 0.875.
    expect(scored('red blue green black', 'red blue green white', ['so: red blue green white'])).toBe(0.875);
    expect(scored('red blue green black', 'red blue green white', ['another passage'])).toBe(0.75);
  });

  it('scores failed answers 0, and an empty expected answer 1 only when the robot fell back', () => {
    expect(scored('red blue', 'red blue', ['red blue'], false, true)).toBe(0);
    expect(scored('Sorry, I do not know', '', [], true)).toBe(1);
    expect(scored('Here you go', '', [], false)).toBe(0);
  });
});

describe("the judge's reply", () => {
  it('is read defensively: the first number in 0..1, a percentage, or n/10', () => {
    expect(parseJudgeScore('0.75')).toBe(0.75);
    expect(parseJudgeScore('Score: 1')).toBe(1);
    expect(parseJudgeScore('80%')).toBe(0.8);
    expect(parseJudgeScore('7/10')).toBe(0.7);
    expect(parseJudgeScore('45 / 100')).toBe(0.45);
    expect(parseJudgeScore('3')).toBeUndefined();
    expect(parseJudgeScore('-0.5')).toBeUndefined();
    expect(parseJudgeScore('good answer')).toBeUndefined();
    expect(parseJudgeScore('')).toBeUndefined();
  });
});
