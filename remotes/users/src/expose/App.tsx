import './shared-api-check';
import { loadCatalogs, useT } from '@flotilla/shared';
import { NotFoundState } from '@flotilla/shared/ui';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/ui/dashboard-page';
import { DistributionCenterPage } from '../features/distribution/ui/distribution-center-page';
import { EmployeeListPage } from '../features/employees/ui/employee-list-page';
import { RechargeCenterPage } from '../features/recharge-center/ui/recharge-center-page';
import { TaskListPage } from '../features/tasks/ui/task-list-page';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';

loadCatalogs({ 'zh-CN': zhCN, 'en-US': enUS });

/**
 * The absolute paths this remote renders, all `owner: 'users'` entries of ROUTES (a test checks it). */
export const USERS_ROUTES: ReadonlyArray<{ path: string; Page: ComponentType }> = [
  { path: '/dashboard', Page: DashboardPage },
  { path: '/dashboard/workplace', Page: DashboardPage },
  { path: '/dashboard/recharge-center', Page: RechargeCenterPage },
  { path: '/employee-list', Page: EmployeeListPage },
  { path: '/task-list', Page: TaskListPage },
  { path: '/distribution-center', Page: DistributionCenterPage },
];

/** The users area: dashboard, recharge centre, employees, tasks and the distribution centre. The shell provides the router, i18n, Semi locale and layout. */
export default function App() {
  const t = useT();
  return (
    <Routes>
      {USERS_ROUTES.map(({ path, Page }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
      <Route path="*" element={<NotFoundState backTo="/dashboard" backLabel={t('users.notFound.back')} />} />
    </Routes>
  );
}
