import { useCallback, useRef } from 'react';
import { RemoteBoundary } from '../ui/remote-boundary';
import { REMOTE_LOAD_TIMEOUT_MS } from './load-timeout';
import { loadWidget } from './widget-loader';

/** Props of {@link RemoteWidget}. */
export type RemoteWidgetProps<P extends object> = {
  /** The remote that exposes the widget, as named in `/remotes.json` (`chat`). */
  remote: string;
  /** The exposed module (`./ChatPanel`); its default export is the widget's component. */
  module: string;
  /** The widget's props; a change re-renders the widget without loading it again. */
  props: P;
  /** How long loading may take before the error shows (default {@link REMOTE_LOAD_TIMEOUT_MS}). */
  timeoutMs?: number;
};

/**
 * Embeds a widget another remote exposes, loaded through the host's loader (see
 * {@link registerWidgetLoader}) inside the shared {@link RemoteBoundary}: while it loads a spinner,
 * and when it fails (no loader, manifest or script error, timeout, render error) an error with Retry
 * in its place only. Retry loads again with `retry: true`. Give its container a size: widgets fill it.
 */
export function RemoteWidget<P extends object>({
  remote,
  module,
  props,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
}: RemoteWidgetProps<P>) {
  const attempts = useRef(0);
  const load = useCallback(() => loadWidget<P>(remote, module, { retry: attempts.current++ > 0 }), [remote, module]);
  return (
    <RemoteBoundary name={`${remote}/${module.replace(/^\.\//, '')}`} load={load} props={props} timeoutMs={timeoutMs} />
  );
}
