import './shared-api-check';
import { loadCatalogs, useT } from '@flotilla/shared';
import { NotFoundState } from '@flotilla/shared/ui';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DashboardPage } from '../features/dashboard/ui/dashboard-page';
import { EmployeeListPage } from '../features/employees/ui/employee-list-page';
import { TaskListPage } from '../features/tasks/ui/task-list-page';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';

loadCatalogs({ 'zh-CN': zhCN, 'en-US': enUS });

/**
 * The absolute paths this remote renders, all `owner: 'users'` entries of ROUTES (a test checks it).
 * Recharge and distribution are not built yet: the `*` route answers them with the not-found state.
 */
export const USERS_ROUTES: ReadonlyArray<{ path: string; Page: ComponentType }> = [
  { path: '/dashboard', Page: DashboardPage },
  { path: '/dashboard/workplace', Page: DashboardPage },
  { path: '/employee-list', Page: EmployeeListPage },
  { path: '/task-list', Page: TaskListPage },
];

/** The users area: dashboard, employees and tasks. The shell provides the router, i18n, Semi locale and layout. */
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
