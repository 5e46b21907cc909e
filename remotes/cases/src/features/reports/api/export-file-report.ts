import { CASE_FILE_REPORT_EXPORT_FILE, ExportCaseFileReport, request, saveFile } from '@flotilla/shared';

/** Downloads a file report as an xlsx workbook. */
export async function exportFileReport(id: string): Promise<void> {
  saveFile(await request(ExportCaseFileReport, { body: { id } }), CASE_FILE_REPORT_EXPORT_FILE);
}
