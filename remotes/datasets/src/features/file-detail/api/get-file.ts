import { GetDatasetFile, request, type DatasetFile } from '@flotilla/shared';

/** One file with its parse status and error. */
export function getDatasetFile({ datasetId, fileId }: { datasetId: string; fileId: string }): Promise<DatasetFile> {
  return request(GetDatasetFile, { params: { id: datasetId, fid: fileId } });
}
