import { CreateQaPairs, request, type CreateQaPairsResponse, type QaPair } from '@flotilla/shared';

/** QA pairs entered by hand (1 to 500); answers them as segments. */
export function createQaPairs({
  datasetId,
  pairs,
}: {
  datasetId: string;
  pairs: QaPair[];
}): Promise<CreateQaPairsResponse> {
  return request(CreateQaPairs, { params: { id: datasetId }, body: { pairs } });
}
