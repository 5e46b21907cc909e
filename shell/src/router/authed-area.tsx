import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useUnit } from 'effector-react';
import { Navigate, useLocation } from 'react-router-dom';
import { $role, $settings, $token, $userId, readStorage, STORAGE_KEYS } from '@flotilla/shared';
import { remoteRegistry } from '../federation/runtime';
import { $menuEntries, $menuStatus, menuRequested } from '../menu/menu.model';
import { useRouteSettled } from '../progress/route-progress';
import { userLoadRequested } from '../session/session.model';
import { tabOpened } from '../tabs/tabs.model';
import { ChunkBoundary } from './chunk-boundary';
import { FullPageLoading } from './full-page-loading';
import { guardRoute, loginRedirectFor, redirectTarget, type GuardDecision } from './guard';
import { usePageTitle } from './page-title';
import { matchRouteMeta } from './route-match';

// The console (Semi layout, remotes) loads only after login.
const Console = lazy(() => import('../layout/console'));

/**
 * Every path that is not a login page, `/` or a public chat path: the guards (docs/product-rules.md, Guards), then
 * the console layout with the page (a remote's area, or not-found).
 */
export function AuthedArea() {
  const location = useLocation();
  const route = useMemo(() => matchRouteMeta(location.pathname), [location.pathname]);
  const { token, userId, role, settings, menuStatus, menu } = useUnit({
    token: $token,
    userId: $userId,
    role: $role,
    settings: $settings,
    menuStatus: $menuStatus,
    menu: $menuEntries,
  });
  const needsUser = Boolean(token) && !userId;
  const menuPending = settings.menuFromServer && (menuStatus === 'idle' || menuStatus === 'loading');
  const decision: GuardDecision | null =
    !token || needsUser || menuPending
      ? null
      : guardRoute({ route, role, menuFromServer: settings.menuFromServer, menu });
  const allowed = decision?.type === 'allow' ? route : null;

  // The page's remote loads beside the console's chunk instead of after the layout has rendered: on the
  // first page after login the two would otherwise wait for each other (guards still decide what mounts).
  const pageOwner = token && route && route.owner !== 'shell' ? route.owner : null;
  useEffect(() => {
    if (pageOwner) remoteRegistry.preloadApp(pageOwner);
  }, [pageOwner]);
  useEffect(() => {
    if (needsUser) userLoadRequested();
  }, [needsUser]);
  useEffect(() => {
    if (token && userId && menuStatus === 'idle') menuRequested();
  }, [token, userId, menuStatus]);
  // A remote page settles the progress bar itself, once the remote has loaded (federation/remote-area.tsx).
  useRouteSettled(decision !== null && !(allowed && allowed.owner !== 'shell'), location.key);
  useEffect(() => {
    if (allowed && allowed.name !== 'redirect') {
      tabOpened({ name: allowed.name, path: location.pathname + location.search, titleId: allowed.titleId });
    }
  }, [allowed, location.pathname, location.search]);
  usePageTitle(allowed?.titleId ?? null);

  if (!token) return <Navigate to={loginRedirectFor(route, location, readStorage(STORAGE_KEYS.loginPath))} replace />;
  if (needsUser) return <FullPageLoading />;
  if (decision?.type === 'redirect') return <Navigate to={decision.to} replace />;
  if (allowed?.name === 'redirect') return <Navigate to={redirectTarget(location)} replace />;
  return (
    <ChunkBoundary>
      <Suspense fallback={<FullPageLoading />}>
        <Console
          page={
            decision === null
              ? { type: 'pending' }
              : allowed
                ? { type: 'remote', owner: allowed.owner }
                : { type: 'notFound' }
          }
        />
      </Suspense>
    </ChunkBoundary>
  );
}
