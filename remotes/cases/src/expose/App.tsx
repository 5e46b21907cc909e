import './shared-api-check';
import { loadCatalogs, ownedRoutePath, useT } from '@flotilla/shared';
import { NotFoundState } from '@flotilla/shared/ui';
import { Route, Routes } from 'react-router-dom';
import { CaseAreaLayout } from '../features/case-nav/ui/case-area-layout';
import { CaseFilesPage } from '../features/case-files/ui/case-files-page';
import { CaseDetailPage } from '../features/cases/ui/case-detail-page';
import { CaseListPage } from '../features/cases/ui/case-list-page';
import { ComparisonPage } from '../features/comparisons/ui/comparison-page';
import { OrdersPage } from '../features/orders/ui/orders-page';
import { ReportsPage } from '../features/reports/ui/reports-page';
import { TeamsPage } from '../features/teams/ui/teams-page';
import { CASE_LIST_PATH } from '../lib/paths';
import { catalogs } from '../locales';

loadCatalogs(catalogs);

/** The cases area, mounted by the shell inside its router. */
export default function App() {
  const t = useT();
  return (
    <Routes>
      <Route element={<CaseAreaLayout />}>
        <Route path={ownedRoutePath('cases', 'case')} element={<CaseListPage />} />
        <Route path={ownedRoutePath('cases', 'caseFiles')} element={<CaseFilesPage />} />
        <Route path={ownedRoutePath('cases', 'caseComparison')} element={<ComparisonPage />} />
        <Route path={ownedRoutePath('cases', 'caseReports')} element={<ReportsPage />} />
        <Route path={ownedRoutePath('cases', 'caseTeams')} element={<TeamsPage />} />
        <Route path={ownedRoutePath('cases', 'caseOrders')} element={<OrdersPage />} />
        <Route path={ownedRoutePath('cases', 'caseDetail')} element={<CaseDetailPage />} />
      </Route>
      <Route path="*" element={<NotFoundState backTo={CASE_LIST_PATH} backLabel={t('cases.notFound.back')} />} />
    </Routes>
  );
}
