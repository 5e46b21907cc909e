/** The abort of an upstream call: see {@link idleAbort}. */
export type IdleAbort = {
  /** The signal to give the upstream call. */
  signal: AbortSignal;
  /** The upstream spoke: the silence counts from now. */
  touch(): void;
  /** Whether the silence, not the client, aborted the call. */
  readonly timedOut: boolean;
  /** Stops the timer and lets go of the client's signal (the call is over). */
  release(): void;
};

/**
 * Aborts an upstream call (a model's answer, a speech) when the client goes away (`clientGone` aborts) or
 * the upstream stays silent `idleMs` — before its first byte or between two — so no stream ever hangs.
 * The timer starts now.
 */
export function idleAbort(clientGone: AbortSignal, idleMs: number): IdleAbort {
  const upstream = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      upstream.abort();
    }, idleMs);
  };
  const onClientGone = () => upstream.abort();
  clientGone.addEventListener('abort', onClientGone, { once: true });
  touch();
  return {
    signal: upstream.signal,
    touch,
    get timedOut() {
      return timedOut;
    },
    release() {
      clearTimeout(timer);
      clientGone.removeEventListener('abort', onClientGone);
    },
  };
}
