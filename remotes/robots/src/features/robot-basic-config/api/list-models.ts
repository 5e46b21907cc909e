import { http, type ModelConfigResponse } from '@flotilla/shared';

/** `GET /v1/processes/{adminId}/modelConfig`: the models a robot may use, with their price. */
export function listModels(adminId: string): Promise<ModelConfigResponse> {
  return http.get<ModelConfigResponse>(`/v1/processes/${encodeURIComponent(adminId)}/modelConfig`);
}
