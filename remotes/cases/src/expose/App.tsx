import './shared-api-check';
import { loadCatalogs, ownedRoutePath, useT } from '@flotilla/shared';
import { NotFoundState } from '@flotilla/shared/ui';
import { Route, Routes } from 'react-router-dom';
import { CaseListPage } from '../features/cases/ui/case-list-page';
import { CASE_LIST_PATH } from '../lib/paths';
import { catalogs } from '../locales';

loadCatalogs(catalogs);

/**
 * The cases area, mounted by the shell inside its router. Case detail, files, comparisons,
 * reports, teams and orders are not routed yet: their paths fall through to the not-found state.
 */
export default function App() {
  const t = useT();
  return (
    <Routes>
      <Route path={ownedRoutePath('cases', 'case')} element={<CaseListPage />} />
      <Route path="*" element={<NotFoundState backTo={CASE_LIST_PATH} backLabel={t('cases.notFound.back')} />} />
    </Routes>
  );
}
