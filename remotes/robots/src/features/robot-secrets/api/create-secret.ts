import { CreateApiSecret, request, type CreateApiSecretBody, type CreateApiSecretResponse } from '@flotilla/shared';

/** A new API secret of the robot; the answer is the only time the secret is shown. */
export function createSecret(body: CreateApiSecretBody): Promise<CreateApiSecretResponse> {
  return request(CreateApiSecret, { body, inline: true });
}
