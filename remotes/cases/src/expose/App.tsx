import { loadCatalogs } from '@flotilla/shared';
import { Route, Routes } from 'react-router-dom';
import { CaseListPage } from '../features/cases/ui/case-list-page';
import { routePath } from '../lib/routes';
import { catalogs } from '../locales';
import { NotFoundPage } from '../ui/not-found-page';

loadCatalogs(catalogs);

/**
 * The cases area, mounted by the shell inside its router. Case detail, files, comparisons,
 * reports, teams and orders are not routed yet: their paths fall through to the not-found page.
 */
export default function App() {
  return (
    <Routes>
      <Route path={routePath('case')} element={<CaseListPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
