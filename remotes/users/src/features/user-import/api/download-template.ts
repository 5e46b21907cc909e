import { DownloadUserImportTemplate, request } from '@flotilla/shared';

/** The users spreadsheet template (header row and one example row) in the console's language. */
export function downloadTemplate(): Promise<Blob> {
  return request(DownloadUserImportTemplate);
}
