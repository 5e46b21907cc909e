import { ListApiSecrets, request, type ApiSecretListResponse } from '@flotilla/shared';

/** The robot's API secrets by name and prefix (never the secrets themselves). */
export function listSecrets(processId: string): Promise<ApiSecretListResponse> {
  return request(ListApiSecrets, { query: { processId } });
}
