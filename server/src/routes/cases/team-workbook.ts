import ExcelJS from 'exceljs';
import type { CaseStatus, Locale } from '@flotilla/shared/contracts';
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

const STATUSES: Record<Locale, Record<CaseStatus, string>> = {
  'zh-CN': { new: '新建', assigned: '已分配', in_progress: '跟进中', closed: '已关闭' },
  'en-US': { new: 'New', assigned: 'Assigned', in_progress: 'In progress', closed: 'Closed' },
};

/** The collected values as one cell: `name: value` lines. */
function formText(form: string): string {
  return Object.entries(parseFormValues(form))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}

/**
 * A team's cases as an xlsx workbook in the caller's language. Cells are plain values (a title starting
 * with `=` stays text: exceljs writes strings, never formulas).
 */
export async function teamWorkbook(teamName: string, rows: TeamCaseRow[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(locale === 'zh-CN' ? '团队案例' : 'Team cases');
  sheet.columns = HEADERS[locale].map((header, index) => ({ header, width: WIDTHS[index] }));
  sheet.getRow(1).font = { bold: true };
  workbook.title = teamName;
  for (const row of rows) {
    sheet.addRow([
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
    ]);
  }
  sheet.getColumn(1).numFmt = 'yyyy-mm-dd hh:mm:ss';
  sheet.getColumn(10).numFmt = 'yyyy-mm-dd hh:mm:ss';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
