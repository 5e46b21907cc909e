import { describe, expect, it } from 'vitest';
import { parseQuestions } from '../lib/parse-questions';

describe('parseQuestions', () => {
  it('reads a question a line, its expected answer after a tab or a |, and skips blank lines', () => {
    expect(parseQuestions('Warranty?\tTwo years\n\n  Shipping? | Free over 99 \nHours?\r\n')).toEqual({
      questions: [
        { question: 'Warranty?', expected: 'Two years' },
        { question: 'Shipping?', expected: 'Free over 99' },
        { question: 'Hours?', expected: '' },
      ],
      tooLong: [],
    });
  });

  it('keeps a | inside the expected answer of a tab-separated line, and names lines that are too long', () => {
    expect(parseQuestions('A?\tx | y').questions).toEqual([{ question: 'A?', expected: 'x | y' }]);
    expect(parseQuestions(`ok?\n${'q'.repeat(1001)}`).tooLong).toEqual([2]);
  });
});
