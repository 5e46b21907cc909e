import { CASE_FILE_LIMITS, type CaseFileKind, type ErrorCode } from '@flotilla/shared/contracts';
import type { Grid, GridCell } from '../../knowledge/table-import/grid';
import type { MessageKey } from '../../lib/messages';
import { decodeUtf8 } from '../../knowledge/parsers/text';

/** A column of a case file. */
type CaseColumn = 'question' | 'expected' | 'answer' | 'session';

/** Header names each column is known by, compared without case, spaces, underscores or dashes. */
const COLUMN_NAMES: Record<CaseColumn, string[]> = {
  question: ['question', 'questions', 'query', '问题', '提问', '用户问题'],
  expected: [
    'expected',
    'expectedanswer',
    'expected answer',
    'reference',
    'standardanswer',
    '标准答案',
    '期望答案',
    '预期答案',
  ],
  answer: ['answer', 'reply', 'response', '回答', '回复', '机器人回答'],
  session: ['session', 'sessionid', 'conversation', '会话', '会话id', '会话编号'],
};
const fold = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const columnOf = new Map<string, CaseColumn>(
  (Object.keys(COLUMN_NAMES) as CaseColumn[]).flatMap((column) =>
    COLUMN_NAMES[column].map((name) => [fold(name), column] as const),
  ),
);

/** One question of a case file as read (`row`: the sheet's row number, the header being row 1). */
export type CaseRow = { row: number; question: string; expected: string; answer: string; session: string };

/** Why a file cannot be taken as a case file: a 422 on `file` (`row`: the row at fault, when one is). */
export class CaseFileRefused extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey = code,
    readonly row?: number,
  ) {
    super(key);
    this.name = 'CaseFileRefused';
  }
}

/** A cell as text (a formula's saved result counts; none refuses the row). */
function textOf(cell: GridCell | undefined, row: number): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  if ('date' in cell) return cell.date;
  throw new CaseFileRefused('CASE_FILE_UNREADABLE', 'CASE_FILE_FORMULA', row);
}

/**
 * The questions of a sheet whose first row is the header (question/问题 required; expected/标准答案,
 * answer/回答, session/会话 optional), in sheet order; rows without a question are skipped. `kind`: a
 * conversation log when the sheet has answer or session columns.
 */
export function caseRowsOf(grid: Grid): { kind: CaseFileKind; rows: CaseRow[] } {
  const [header, ...body] = grid.rows;
  if (!header) throw new CaseFileRefused('CASE_FILE_EMPTY');
  const columns = new Map<CaseColumn, number>();
  header.cells.forEach((cell, index) => {
    const name = typeof cell === 'string' ? cell : '';
    const column = columnOf.get(fold(name));
    // The first column of a name counts; a repeat is ignored.
    if (column && !columns.has(column)) columns.set(column, index);
  });
  if (!columns.has('question')) throw new CaseFileRefused('CASE_FILE_COLUMNS_MISSING');
  if (body.length > CASE_FILE_LIMITS.rows) throw new CaseFileRefused('CASE_FILE_TOO_MANY_ROWS');
  const rows: CaseRow[] = [];
  for (const { number, cells } of body) {
    const value = (column: CaseColumn, max: number) => {
      const index = columns.get(column);
      const text = index === undefined ? '' : textOf(cells[index], number);
      if ([...text].length > max)
        throw new CaseFileRefused('CASE_FILE_CELL_TOO_LONG', 'CASE_FILE_CELL_TOO_LONG', number);
      return text;
    };
    const question = value('question', CASE_FILE_LIMITS.questionMax);
    if (question === '') continue;
    rows.push({
      row: number,
      question,
      expected: value('expected', CASE_FILE_LIMITS.textMax),
      answer: value('answer', CASE_FILE_LIMITS.textMax),
      session: value('session', CASE_FILE_LIMITS.sessionMax),
    });
  }
  if (rows.length === 0) throw new CaseFileRefused('CASE_FILE_EMPTY');
  const kind = columns.has('answer') || columns.has('session') ? 'conversations' : 'questions';
  return { kind, rows };
}

/** Columns a JSON file's objects may spread over at most (the first ones seen count). */
const JSON_KEYS_MAX = 50;

/**
 * A JSON array of objects (`[{ "question": "…", "expected": "…" }]`) as a grid: the keys seen, in order, as
 * the header row, each object as a row (row 2 is the first object). Anything else is unreadable.
 */
export function jsonGrid(bytes: Uint8Array): Grid {
  let data: unknown;
  try {
    data = JSON.parse(decodeUtf8(bytes));
  } catch {
    throw new CaseFileRefused('CASE_FILE_UNREADABLE');
  }
  if (!Array.isArray(data)) throw new CaseFileRefused('CASE_FILE_UNREADABLE');
  if (data.length === 0) throw new CaseFileRefused('CASE_FILE_EMPTY');
  if (data.length > CASE_FILE_LIMITS.rows) throw new CaseFileRefused('CASE_FILE_TOO_MANY_ROWS');
  const keys: string[] = [];
  const rows = data.map((item: unknown, index) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new CaseFileRefused('CASE_FILE_UNREADABLE', 'CASE_FILE_UNREADABLE', index + 2);
    const cells: GridCell[] = [];
    for (const [key, value] of Object.entries(item)) {
      let at = keys.indexOf(key);
      if (at === -1) {
        if (keys.length >= JSON_KEYS_MAX) continue;
        at = keys.push(key) - 1;
      }
      if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        cells[at] = value;
      else throw new CaseFileRefused('CASE_FILE_UNREADABLE', 'CASE_FILE_UNREADABLE', index + 2);
    }
    return { number: index + 2, cells: Array.from({ length: keys.length }, (_, i) => cells[i] ?? null) };
  });
  return { rows: [{ number: 1, cells: keys }, ...rows] };
}
