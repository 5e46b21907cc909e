import { ListModels, request, type ModelConfigResponse } from '@flotilla/shared';

/** The models a robot may use, with their price. */
export function listModels(adminId: string): Promise<ModelConfigResponse> {
  return request(ListModels, { params: { adminId } });
}
