import { Navigate, type RouteObject } from 'react-router-dom';
import { ROUTES } from '@flotilla/shared/contracts';
import { CatchAll } from './catch-all';
import { OwnPageRedirect } from './own-page-redirect';
import { PublicChatRedirect } from './public-chat-redirect';
import { RootRoute } from './root-route';
import { HOME_PATH, LOGIN_PATHS, REGISTER_PATH } from './route-match';

/**
 * The shell's routes: the login, register and public chat paths (full page loads of their own pages), `/` → `/robot`,
 * SSO callbacks, and everything else under `*`, where the guards run and remotes mount with absolute paths
 * (federation/README.md).
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      children: [
        // The login page is its own light page (login.html), like the public chat.
        ...LOGIN_PATHS.map((path) => ({ path, element: <OwnPageRedirect linkId="shell.login.submit" /> })),
        { path: REGISTER_PATH, element: <OwnPageRedirect linkId="route.register" /> },
        { path: '/', element: <Navigate to={HOME_PATH} replace /> },
        ...ROUTES.filter((route) => route.owner === 'chat').map((route) => ({
          path: route.path,
          element: <PublicChatRedirect />,
        })),
        { path: '*', element: <CatchAll /> },
      ],
    },
  ];
}
