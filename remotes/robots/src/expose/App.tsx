import { loadCatalogs, ownedRoutePath, useT } from '@flotilla/shared';
import { NotFoundState } from '@flotilla/shared/ui';
import { Route, Routes } from 'react-router-dom';
import { RobotDetailPage } from '../features/robot-detail/ui/robot-detail-page';
import { RobotListPage } from '../features/robots/ui/robot-list-page';
import { ROBOT_LIST_PATH } from '../lib/paths';
import { catalogs } from '../locales';

loadCatalogs(catalogs);

/**
 * The robots area, mounted by the shell inside its router. Flow editors and business scenes are
 * not routed yet: their paths fall through to the not-found state.
 */
export default function App() {
  const t = useT();
  return (
    <Routes>
      <Route path={ownedRoutePath('robots', 'robot')} element={<RobotListPage />} />
      <Route path={ownedRoutePath('robots', 'robotDetail')} element={<RobotDetailPage />} />
      <Route path="*" element={<NotFoundState backTo={ROBOT_LIST_PATH} backLabel={t('robots.notFound.back')} />} />
    </Routes>
  );
}
