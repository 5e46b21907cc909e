import { DeleteCaseFile, DeleteCaseFiles, request } from '@flotilla/shared';

/** Deletes one case file with its reports (409 while it is being analysed). */
export async function deleteCaseFile(id: string): Promise<void> {
  await request(DeleteCaseFile, { query: { id }, inline: true });
}

/** Deletes several case files, all or none. */
export async function deleteCaseFiles(ids: string[]): Promise<void> {
  await request(DeleteCaseFiles, { body: { ids }, inline: true });
}
