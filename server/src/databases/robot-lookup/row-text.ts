import type { Cell, DatabaseTable, Locale } from '@flotilla/shared/contracts';

/** Longest table description used as a row's title word ("订单"); a longer one gives way to the name. */
const TITLE_WORD_CHARS = 20;
/** Characters of one value in an answer. */
const VALUE_CHARS = 200;

const PUNCTUATION = {
  'zh-CN': { title: '：', field: ' ', between: '，' },
  'en-US': { title: ': ', field: ': ', between: '; ' },
} as const;

const cellText = (cell: Cell): string => {
  const text = typeof cell === 'boolean' ? (cell ? '✓' : '✗') : String(cell);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS)}…` : text;
};

/** What a table is called in an answer: its description when short, else its name. */
export function tableWord(table: Pick<DatabaseTable, 'name' | 'description'>): string {
  const description = table.description.trim();
  return description && description.length <= TITLE_WORD_CHARS ? description : table.name;
}

/**
 * A row found by a key as a sentence: "订单 A1002：状态 已发货，快递 顺丰". The fields are the described
 * columns labelled by their description (every column by its name when none is described), empty values
 * and the key itself left out.
 */
export function rowSentence(
  table: DatabaseTable,
  keyColumn: string,
  row: Record<string, Cell>,
  locale: Locale,
): string {
  const marks = PUNCTUATION[locale];
  const described = table.columns.filter((column) => column.description.trim() !== '');
  const shown = (described.length > 0 ? described : table.columns).filter((column) => column.name !== keyColumn);
  const fields = shown.flatMap((column) => {
    const value = row[column.name];
    if (value === null || value === undefined || value === '') return [];
    const label = column.description.trim() || column.name;
    return [`${label}${marks.field}${cellText(value)}`];
  });
  const key = row[keyColumn];
  const title = `${tableWord(table)} ${key === null || key === undefined ? '' : cellText(key)}`.trim();
  return fields.length > 0 ? `${title}${marks.title}${fields.join(marks.between)}` : title;
}

/** Rows as a small table a model reads: a header of column names, one line per row. */
export function rowsTable(columns: string[], rows: Cell[][]): string {
  const line = (cells: string[]) => cells.map((cell) => cell.replace(/[\r\n|]+/g, ' ')).join(' | ');
  return [line(columns), ...rows.map((row) => line(row.map((cell) => (cell === null ? '' : cellText(cell)))))].join(
    '\n',
  );
}
