import { CreateBusinessScene, request, type CreateBusinessSceneBody, type Robot } from '@flotilla/shared';

/** Builds a flow robot from a template and the form; answers the robot. */
export function createBusinessScene(body: CreateBusinessSceneBody): Promise<Robot> {
  return request(CreateBusinessScene, { body });
}
