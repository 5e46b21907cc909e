import { ListModels, request, type ModelConfigResponse } from '@flotilla/shared';

/** The models an aiChat or classify node may use. */
export function listModels(adminId: string): Promise<ModelConfigResponse> {
  return request(ListModels, { params: { adminId } });
}
