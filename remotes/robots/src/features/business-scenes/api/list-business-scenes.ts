import {
  ListBusinessScenes,
  request,
  type ListBusinessScenesQuery,
  type SceneRobotListResponse,
} from '@flotilla/shared';

/** One page of the tenant's scene robots, filtered by keyword on the server. */
export function listBusinessScenes(query: ListBusinessScenesQuery): Promise<SceneRobotListResponse> {
  return request(ListBusinessScenes, { query });
}
