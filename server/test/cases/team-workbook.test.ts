import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TeamCaseRow } from '../../src/plugins/app/cases/case-teams-repository';
import { teamWorkbook } from '../../src/routes/cases/team-workbook';

const row = (i: number, notes = ''): TeamCaseRow => ({
  id: `case-${i}`,
  title: `Lead ${i}`,
  customer: 'Ann',
  phone: '555',
  status: 'closed',
  processName: 'bot',
  assigneeName: 'agent',
  form: '{"product":"Kettle"}',
  notes,
  createdAt: '2026-01-02T03:04:05.000Z',
  closedAt: '2026-01-03T00:00:00.000Z',
});

/** `count` rows, remembering how many the writer has pulled. */
function source(count: number, notes = '') {
  const pulled = { rows: 0 };
  async function* rows() {
    for (let i = 0; i < count; i++) {
      pulled.rows += 1;
      yield row(i, notes);
    }
  }
  return { rows: rows(), pulled };
}

async function sheetOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

describe('the team export workbook', () => {
  it('writes every case within the budget, with a bold header and times as dates', async () => {
    const { rows } = source(3, '=1+1');
    const sheet = await sheetOf(await teamWorkbook('East', rows, 'en-US', { rowsMax: 10, bytesMax: 1_000_000 }));
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(4).getCell(2).value).toBe('Lead 2');
    expect(sheet.getRow(1).getCell(2).value).toBe('Title');
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('Lead 0');
    expect(first.getCell(5).value).toBe('Closed');
    expect(first.getCell(8).value).toBe('product: Kettle');
    expect(first.getCell(9).value).toBe('=1+1');
    expect(first.getCell(1).value).toEqual(new Date('2026-01-02T03:04:05.000Z'));
    expect(first.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
  });

  it('stops at the row bound without reading further, and says so in a last row', async () => {
    const { rows, pulled } = source(1000);
    const sheet = await sheetOf(await teamWorkbook('East', rows, 'en-US', { rowsMax: 5, bytesMax: 1_000_000 }));
    expect(sheet.rowCount).toBe(7);
    expect(sheet.getRow(6).getCell(2).value).toBe('Lead 4');
    expect(String(sheet.getRow(7).getCell(1).value)).toMatch(/^Only the newest 5 cases are here/);
    expect(pulled.rows).toBeLessThanOrEqual(6);
  });

  it('adds no note when every case fits exactly', async () => {
    const { rows } = source(5);
    const sheet = await sheetOf(await teamWorkbook('East', rows, 'zh-CN', { rowsMax: 5, bytesMax: 1_000_000 }));
    expect(sheet.rowCount).toBe(6);
    expect(sheet.getRow(6).getCell(2).value).toBe('Lead 4');
  });

  it('stops before the first case whose text (in UTF-8 bytes) passes the byte budget', async () => {
    // 1,000 Chinese characters: 3,000 bytes of notes a case, so 10,000 bytes hold three cases and not four.
    const { rows, pulled } = source(1000, '备'.repeat(1000));
    const sheet = await sheetOf(await teamWorkbook('East', rows, 'zh-CN', { rowsMax: 1000, bytesMax: 10_000 }));
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(4).getCell(2).value).toBe('Lead 2');
    expect(String(sheet.getRow(5).getCell(1).value)).toMatch(/^仅含最新的 3 条案例/);
    expect(pulled.rows).toBe(4);
  });
});
