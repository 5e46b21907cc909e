import { http, type CreateApiSecretBody, type CreateApiSecretResponse } from '@flotilla/shared';

/** `POST /v1/secrets`: a new API secret of the robot; the answer is the only time the secret is shown. */
export function createSecret(body: CreateApiSecretBody): Promise<CreateApiSecretResponse> {
  return http.post<CreateApiSecretResponse>('/v1/secrets', { body, inline: true });
}
