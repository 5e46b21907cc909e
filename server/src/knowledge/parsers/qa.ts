import type { QaPair } from '@flotilla/shared/contracts';
import { ReasonError, rowList } from '../reasons';
import type { TableRow } from './table';

const QUESTION_HEADERS = ['question', 'questions', 'q', '问题', '问', '提问'];
const ANSWER_HEADERS = ['answer', 'answers', 'a', '答案', '答', '回答'];

export type QaImport = {
  pairs: QaPair[];
  /** Rows (spreadsheet numbers) with a question but no answer or the other way round. */
  skipped: number[];
};

/**
 * QA pairs from a table's rows: the columns headed question/answer or 问题/答案 (case and spaces ignored);
 * without such a header, the first two columns, from the first row. Rows with an empty question or answer
 * are skipped and reported. QA_COLUMNS_MISSING when there are not two columns; QA_NO_VALID_ROWS when no
 * row is a pair.
 */
export function qaPairs(rows: TableRow[]): QaImport {
  if (rows.length === 0) throw new ReasonError('FILE_EMPTY');
  const header = (rows[0] as TableRow).cells.map((cell) => cell.toLowerCase().replace(/\s+/g, ''));
  const questionColumn = header.findIndex((cell) => QUESTION_HEADERS.includes(cell));
  const answerColumn = header.findIndex((cell) => ANSWER_HEADERS.includes(cell));
  const headed = questionColumn !== -1 && answerColumn !== -1;
  const [q, a] = headed ? [questionColumn, answerColumn] : [0, 1];
  const data = headed ? rows.slice(1) : rows;
  if (!rows.some((row) => row.cells.length >= 2 && row.cells.slice(1).some((cell) => cell !== '')))
    throw new ReasonError('QA_COLUMNS_MISSING');
  if (data.length === 0) throw new ReasonError('FILE_EMPTY');
  const pairs: QaPair[] = [];
  const skipped: number[] = [];
  for (const row of data) {
    const question = row.cells[q]?.trim() ?? '';
    const answer = row.cells[a]?.trim() ?? '';
    if (question === '' || answer === '') skipped.push(row.number);
    else pairs.push({ question, answer });
  }
  if (pairs.length === 0) throw new ReasonError('QA_NO_VALID_ROWS', rowList(skipped));
  return { pairs, skipped };
}
