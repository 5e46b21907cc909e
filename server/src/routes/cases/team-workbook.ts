import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { CASE_TEAM_LIMITS, type CaseStatus, type Locale } from '@flotilla/shared/contracts';
import { parseFormValues } from '../../plugins/app/cases/cases-repository';
import type { TeamCaseRow } from '../../plugins/app/cases/case-teams-repository';

const HEADERS: Record<Locale, string[]> = {
  'zh-CN': [
    '创建时间（UTC）',
    '标题',
    '客户',
    '电话',
    '状态',
    '机器人',
    '负责人',
    '收集的信息',
    '备注',
    '关闭时间（UTC）',
    '案例编号',
  ],
  'en-US': [
    'Created (UTC)',
    'Title',
    'Customer',
    'Phone',
    'Status',
    'Robot',
    'Assignee',
    'Collected',
    'Notes',
    'Closed (UTC)',
    'Case id',
  ],
};
const WIDTHS = [22, 30, 16, 16, 12, 20, 16, 40, 30, 22, 38];
/** The columns holding times (created, closed), by index. */
const TIME_COLUMNS = new Set([0, 9]);

const STATUSES: Record<Locale, Record<CaseStatus, string>> = {
  'zh-CN': { new: '新建', assigned: '已分配', in_progress: '跟进中', closed: '已关闭' },
  'en-US': { new: 'New', assigned: 'Assigned', in_progress: 'In progress', closed: 'Closed' },
};

/** How much one export writes at most: cases, and UTF-8 bytes of their cells' text. */
export type ExportBudget = { rowsMax: number; bytesMax: number };

const TEAM_EXPORT_BUDGET: ExportBudget = {
  rowsMax: CASE_TEAM_LIMITS.exportRowsMax,
  bytesMax: CASE_TEAM_LIMITS.exportBytesMax,
};

/** The last row of a workbook the budget cut short: what it holds and why. */
function cutShortNote(locale: Locale, written: number, budget: ExportBudget): string {
  const megabytes = Math.round(budget.bytesMax / 1024 / 1024);
  return locale === 'zh-CN'
    ? `仅含最新的 ${written} 条案例：导出最多 ${budget.rowsMax} 条、${megabytes} MB 文本，更早的案例未导出。`
    : `Only the newest ${written} cases are here: an export holds at most ${budget.rowsMax} cases and ${megabytes} MB of text, so older cases were left out.`;
}

/** The collected values as one cell: `name: value` lines. */
function formText(form: string): string {
  return Object.entries(parseFormValues(form))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/** The UTF-8 bytes of a row's text cells (times count as nothing). */
function textBytes(cells: unknown[]): number {
  return cells.reduce<number>((sum, cell) => sum + (typeof cell === 'string' ? Buffer.byteLength(cell) : 0), 0);
}

/**
 * A team's cases as an xlsx workbook in the caller's language, newest first as `rows` gives them. The rows are
 * read one at a time and written through exceljs's streaming writer, so only the compressed file is held;
 * writing stops at the budget's row count, or before the first case whose text would pass its bytes (the rest
 * are left out, `rows` is not read further, and a last row says so). Cells are plain values (a title starting with `=` stays
 * text: exceljs writes strings, never formulas).
 */
export async function teamWorkbook(
  teamName: string,
  rows: AsyncIterable<TeamCaseRow>,
  locale: Locale,
  budget: ExportBudget = TEAM_EXPORT_BUDGET,
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  workbook.title = teamName;
  const sheet = workbook.addWorksheet(locale === 'zh-CN' ? '团队案例' : 'Team cases');
  sheet.columns = HEADERS[locale].map((header, index) => ({
    header,
    width: WIDTHS[index],
    ...(TIME_COLUMNS.has(index) ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  let written = 0;
  let bytes = 0;
  let cutShort = false;
  for await (const row of rows) {
    if (written >= budget.rowsMax) {
      cutShort = true;
      break;
    }
    const cells = [
      new Date(row.createdAt),
      row.title,
      row.customer,
      row.phone,
      STATUSES[locale][row.status],
      row.processName,
      row.assigneeName,
      formText(row.form),
      row.notes,
      row.closedAt ? new Date(row.closedAt) : '',
      row.id,
    ];
    const size = textBytes(cells);
    if (bytes + size > budget.bytesMax) {
      cutShort = true;
      break;
    }
    sheet.addRow(cells).commit();
    written += 1;
    bytes += size;
  }
  if (cutShort) {
    const note = sheet.addRow([cutShortNote(locale, written, budget)]);
    note.font = { italic: true };
    note.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}
