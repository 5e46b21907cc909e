import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@flotilla/shared/contracts';
import { LoginPage } from '../login/login-page';
import { CatchAll } from './catch-all';
import { PublicChatRedirect } from './public-chat';
import { RootRoute } from './root-route';
import { HOME_PATH, LOGIN_PATHS } from './route-match';

/**
 * The shell's routes: the login pages, `/` → `/robot`, the public chat paths (a full page load),
 * SSO callbacks, and everything else under `*`, where the guards run and remotes mount with absolute paths
 * (federation/README.md).
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      children: [
        ...LOGIN_PATHS.map((path) => ({ path, element: <LoginPage /> })),
        { path: '/', element: <Navigate to={HOME_PATH} replace /> },
        ...ROUTES.filter((route) => route.owner === 'chat').map((route) => ({ path: route.path, element: <PublicChatRedirect /> })),
        { path: '*', element: <CatchAll /> },
      ],
    },
  ];
}
