import './shared-api-check';
import { loadCatalogs, ownedRoutePath, useT } from '@flotilla/shared';
import { NotFoundState } from '@flotilla/shared/ui';
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RobotListPage } from '../features/robots/ui/robot-list-page';
import { ROBOT_LIST_PATH } from '../lib/paths';
import { catalogs } from '../locales';

loadCatalogs(catalogs);

// The detail page (its tabs, forms and editors) loads when it is opened, so the list's first screen does not wait for it.
const RobotDetailPage = lazy(() =>
  import('../features/robot-detail/ui/robot-detail-page').then((module) => ({ default: module.RobotDetailPage })),
);
const FlowV1Page = lazy(() =>
  import('../features/flow-v1/ui/flow-v1-page').then((module) => ({ default: module.FlowV1Page })),
);
const FlowEditorPage = lazy(() =>
  import('../features/flow-editor/ui/flow-editor-page').then((module) => ({ default: module.FlowEditorPage })),
);

// The business-scene pages (a template's short form builds a flow robot).
const SceneListPage = lazy(() =>
  import('../features/business-scenes/ui/scene-list-page').then((module) => ({ default: module.SceneListPage })),
);
const SceneCreatePage = lazy(() =>
  import('../features/business-scenes/ui/scene-create-page').then((module) => ({ default: module.SceneCreatePage })),
);
const SceneEditPage = lazy(() =>
  import('../features/business-scenes/ui/scene-edit-page').then((module) => ({ default: module.SceneEditPage })),
);

/**
 * The robots area, mounted by the shell inside its router; a path it does not route falls through to
 * the not-found state.
 */
export default function App() {
  const t = useT();
  return (
    <Routes>
      <Route path={ownedRoutePath('robots', 'robot')} element={<RobotListPage />} />
      <Route path={ownedRoutePath('robots', 'robotDetail')} element={<RobotDetailPage />} />
      <Route path={ownedRoutePath('robots', 'flow')} element={<FlowV1Page />} />
      <Route path={ownedRoutePath('robots', 'flowV3')} element={<FlowEditorPage />} />
      <Route path={ownedRoutePath('robots', 'businessScene')} element={<SceneListPage />} />
      <Route path={ownedRoutePath('robots', 'businessSceneCreate')} element={<SceneCreatePage />} />
      <Route path={ownedRoutePath('robots', 'businessSceneEdit')} element={<SceneEditPage />} />
      <Route path="*" element={<NotFoundState backTo={ROBOT_LIST_PATH} backLabel={t('robots.notFound.back')} />} />
    </Routes>
  );
}
