import { ListCaseFiles, request, type CaseFileListResponse, type ListCaseFilesQuery } from '@flotilla/shared';

/** One page of case files, searched by name on the server. */
export function listCaseFiles(query: ListCaseFilesQuery): Promise<CaseFileListResponse> {
  return request(ListCaseFiles, { query });
}
