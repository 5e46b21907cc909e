import { ReindexDatasetFile, request, type DatasetFile } from '@flotilla/shared';

/**
 * Queues the file to be parsed and split again with its own settings (an empty body) → the file row
 * with the new job. 409 while another job works on the file.
 */
export function reindexDatasetFile({ datasetId, fileId }: { datasetId: string; fileId: string }): Promise<DatasetFile> {
  return request(ReindexDatasetFile, { params: { id: datasetId, fid: fileId }, body: {} });
}
