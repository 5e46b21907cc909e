import { http, type ApiSecretListResponse } from '@flotilla/shared';

/** `GET /v1/secrets?processId`: the robot's API secrets by name and prefix (never the secrets themselves). */
export function listSecrets(processId: string): Promise<ApiSecretListResponse> {
  return http.get<ApiSecretListResponse>('/v1/secrets', { query: { processId } });
}
