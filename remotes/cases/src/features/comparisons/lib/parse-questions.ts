import { COMPARISON_LIMITS, type ComparisonQuestion } from '@flotilla/shared';

/** What a pasted question set reads as: its questions, and the lines (counted from 1) that are too long. */
export type ParsedQuestions = { questions: ComparisonQuestion[]; tooLong: number[] };

/**
 * A question set typed or pasted one question a line: the question, then its expected answer after a tab (cells
 * pasted from a spreadsheet) or a `|`. Blank lines are skipped; a line without an expected answer expects none.
 */
export function parseQuestions(text: string): ParsedQuestions {
  const questions: ComparisonQuestion[] = [];
  const tooLong: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const at = line.includes('\t') ? line.indexOf('\t') : line.indexOf('|');
    const question = (at === -1 ? line : line.slice(0, at)).trim();
    const expected = at === -1 ? '' : line.slice(at + 1).trim();
    if (!question) return;
    if (question.length > COMPARISON_LIMITS.questionMax || expected.length > COMPARISON_LIMITS.expectedMax)
      tooLong.push(index + 1);
    questions.push({ question, expected });
  });
  return { questions, tooLong };
}
