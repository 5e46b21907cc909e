import { Spin } from './semi';
import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { REMOTE_LOAD_TIMEOUT_MS } from '../federation/load-timeout';
import { useT } from '../i18n';
import { RemoteFailed } from './remote-failed';

type LoadedModule<P> = { default: ComponentType<P> };

/** Rejects when `promise` has not settled within `ms`, so a hung remote becomes a visible error. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

class ErrorBoundary extends Component<
  { fallback: (error: Error) => ReactNode; children: ReactNode },
  { error: Error | null }
> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error('[flotilla] remote area failed', error);
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Mounts a federated module inside an error boundary + suspense with a Retry: a remote that fails
 * (manifest 404, script error, timeout, render error) breaks only its own area; the rest of the console keeps working.
 * `load` is called again on every retry.
 */
export function RemoteBoundary<P extends object>({
  name,
  load,
  props,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
}: {
  name: string;
  load: () => Promise<LoadedModule<P>>;
  props?: P;
  timeoutMs?: number;
}) {
  const t = useT();
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt, so Retry really loads again: `attempt` is the reason to rebuild.
  const Remote = useMemo(
    () => lazy(() => withTimeout(load(), timeoutMs, name)) as unknown as ComponentType<P>,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [load, attempt, timeoutMs, name],
  );
  return (
    <ErrorBoundary
      key={attempt}
      fallback={(error) => <RemoteFailed name={name} error={error} onRetry={() => setAttempt((n) => n + 1)} />}
    >
      <Suspense fallback={<Spin size="large" tip={t('shared.loading')} style={{ width: '100%', padding: 48 }} />}>
        <Remote {...(props ?? ({} as P))} />
      </Suspense>
    </ErrorBoundary>
  );
}
