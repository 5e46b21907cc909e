import { ListSceneTemplates, request, type SceneTemplateListResponse } from '@flotilla/shared';

/** The templates a scene robot can be built from, in the console's language. */
export function listSceneTemplates(): Promise<SceneTemplateListResponse> {
  return request(ListSceneTemplates, {});
}
