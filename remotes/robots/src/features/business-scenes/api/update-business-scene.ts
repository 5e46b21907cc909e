import { UpdateBusinessScene, request, type BusinessScene, type UpdateBusinessSceneBody } from '@flotilla/shared';

/** Builds the scene robot's flow again from its template and the new values, and publishes it. */
export function updateBusinessScene({
  processId,
  body,
}: {
  processId: string;
  body: UpdateBusinessSceneBody;
}): Promise<BusinessScene> {
  return request(UpdateBusinessScene, { params: { processId }, body });
}
