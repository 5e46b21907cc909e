import ExcelJS from 'exceljs';
import type { LedgerEntry, LedgerKind, Locale } from '@flotilla/shared/contracts';

const HEADERS: Record<Locale, string[]> = {
  'zh-CN': ['时间（UTC）', '类型', '变动额度', '变动后余额', '备注', '回答编号'],
  'en-US': ['Time (UTC)', 'Kind', 'Amount', 'Balance after', 'Remark', 'Answer id'],
};

const KINDS: Record<Locale, Record<LedgerKind, string>> = {
  'zh-CN': { recharge: '充值', answer: '回答扣费', refund: '退款', referral: '推荐奖励', adjustment: '调整' },
  'en-US': {
    recharge: 'Recharge',
    answer: 'Answer',
    refund: 'Refund',
    referral: 'Referral reward',
    adjustment: 'Adjustment',
  },
};

/**
 * The ledger as an xlsx workbook in the caller's language. Cells are plain values (a remark starting with
 * `=` stays text: exceljs writes strings, never formulas).
 */
export async function ledgerWorkbook(rows: LedgerEntry[], locale: Locale): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(locale === 'zh-CN' ? '额度明细' : 'Credits');
  sheet.columns = HEADERS[locale].map((header, index) => ({ header, width: [22, 14, 12, 14, 40, 38][index] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow([
      new Date(row.createdAt),
      KINDS[locale][row.kind],
      row.amount,
      row.balanceAfter,
      row.remark,
      row.completionId ?? '',
    ]);
  }
  sheet.getColumn(1).numFmt = 'yyyy-mm-dd hh:mm:ss';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
