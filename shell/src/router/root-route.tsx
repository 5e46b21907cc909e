import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { routeProgress } from '../progress/route-progress';

/** Starts the progress bar on every navigation; the page that settles calls `routeProgress.done()`. */
export function RootRoute() {
  const location = useLocation();
  // A layout effect runs before the pages' passive effects, so their done() comes after this start().
  useLayoutEffect(() => {
    routeProgress.start();
  }, [location.key]);
  return <Outlet />;
}
