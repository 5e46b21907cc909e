import { ownedRoutePath } from '@flotilla/shared';

/** The scene robots (`/business-scene`). */
export const SCENE_LIST_PATH = ownedRoutePath('robots', 'businessScene');
/** Building a new scene robot (`/business-scene/create`). */
export const SCENE_CREATE_PATH = ownedRoutePath('robots', 'businessSceneCreate');

/** Editing one scene robot's form (`/business-scene/edit?id=<processId>`). */
export function sceneEditPath(processId: string): string {
  return `${ownedRoutePath('robots', 'businessSceneEdit')}?id=${encodeURIComponent(processId)}`;
}
