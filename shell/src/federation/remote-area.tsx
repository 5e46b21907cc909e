import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { registerWidgetLoader, REMOTE_LOAD_TIMEOUT_MS, RemoteBoundary } from '@flotilla/shared/ui';
import { routeProgress, useRouteSettled } from '../progress/route-progress';
import { remoteRegistry } from './runtime';
import { createWidgetLoader } from './widget-loader';

// Widgets (`RemoteWidget`) only render inside remote areas, so their loader is registered when the
// areas' code loads with the console, before any area mounts. Registering in start.ts would pull
// `@flotilla/shared/ui`, and with it Semi, into the login page (BENCHMARKS.md).
registerWidgetLoader(createWidgetLoader(remoteRegistry));

/**
 * Mounts a remote's `./App` in its area. Mount it with `key={name}`: entering an area again
 * loads the remote's current version; Retry re-reads remotes.json and re-registers the remote.
 * The progress bar runs until the remote has loaded (or failed).
 */
export function RemoteArea({ name }: { name: string }) {
  const location = useLocation();
  const attempts = useRef(0);
  const [loaded, setLoaded] = useState(false);
  const load = useCallback(
    () =>
      remoteRegistry.loadApp(name, { retry: attempts.current++ > 0 }).then(
        (module) => {
          setLoaded(true);
          return module;
        },
        (error: unknown) => {
          routeProgress.done();
          throw error;
        },
      ),
    [name],
  );
  useRouteSettled(loaded, location.key);
  return <RemoteBoundary name={name} load={load} timeoutMs={REMOTE_LOAD_TIMEOUT_MS} />;
}
