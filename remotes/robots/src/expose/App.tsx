import { loadCatalogs } from '@flotilla/shared';
import { Route, Routes } from 'react-router-dom';
import { RobotDetailPage } from '../features/robot-detail/ui/robot-detail-page';
import { RobotListPage } from '../features/robots/ui/robot-list-page';
import { routePath } from '../lib/routes';
import { catalogs } from '../locales';
import { NotFoundPage } from '../ui/not-found-page';

loadCatalogs(catalogs);

/**
 * The robots area, mounted by the shell inside its router. Flow editors and business scenes are
 * not routed yet: their paths fall through to the not-found page.
 */
export default function App() {
  return (
    <Routes>
      <Route path={routePath('robot')} element={<RobotListPage />} />
      <Route path={routePath('robotDetail')} element={<RobotDetailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
