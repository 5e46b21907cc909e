import ExcelJS from 'exceljs';
import type { CaseFileReport, CaseFileResult, Locale } from '@flotilla/shared/contracts';

/** Words of the workbook in each language: the totals sheet's labels, then the results sheet's headers. */
const WORDS: Record<Locale, { totals: string; results: string; labels: string[]; headers: string[] }> = {
  'zh-CN': {
    totals: '汇总',
    results: '逐题结果',
    labels: ['文件', '机器人', '问题数', '已回答', '兜底回复', '兜底率', '平均耗时（毫秒）', 'P95 耗时（毫秒）'],
    headers: ['序号', '问题', '期望答案', '机器人回答', '引用', '兜底', '耗时（毫秒）', '错误'],
  },
  'en-US': {
    totals: 'Totals',
    results: 'Results',
    labels: [
      'File',
      'Robot',
      'Questions',
      'Answered',
      'Fallbacks',
      'Fallback rate',
      'Average latency (ms)',
      'P95 latency (ms)',
    ],
    headers: ['#', 'Question', 'Expected answer', 'Answer', 'Citations', 'Fallback', 'Latency (ms)', 'Error'],
  },
};

/**
 * A file report as an xlsx workbook in the caller's language: a totals sheet, then one row per question.
 * Cells are plain values (an answer starting with `=` stays text: exceljs writes strings, never formulas).
 */
export async function reportWorkbook(
  report: CaseFileReport,
  results: CaseFileResult[],
  locale: Locale,
): Promise<Buffer> {
  const words = WORDS[locale];
  const yes = locale === 'zh-CN' ? '是' : 'yes';
  const workbook = new ExcelJS.Workbook();
  const totals = workbook.addWorksheet(words.totals);
  totals.columns = [{ width: 24 }, { width: 40 }];
  const values = [
    report.fileName,
    report.processName,
    report.questionCount,
    report.answeredCount,
    report.fallbackCount,
    report.fallbackRate,
    report.averageLatencyMs,
    report.p95LatencyMs,
  ];
  words.labels.forEach((label, index) => totals.addRow([label, values[index]]));
  totals.getCell('B6').numFmt = '0.0%';
  totals.getColumn(1).font = { bold: true };

  const sheet = workbook.addWorksheet(words.results);
  sheet.columns = words.headers.map((header, index) => ({ header, width: [6, 40, 40, 60, 40, 8, 12, 18][index] }));
  sheet.getRow(1).font = { bold: true };
  for (const result of results) {
    sheet.addRow([
      result.position + 1,
      result.question,
      result.expected,
      result.answer,
      result.citations.map((c) => `[${c.index}] ${c.fileName}`).join('\n'),
      result.fallback ? yes : '',
      result.latencyMs,
      result.errorCode ?? '',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
