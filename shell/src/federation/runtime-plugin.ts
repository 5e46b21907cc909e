import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { REMOTE_LOAD_TIMEOUT_MS } from '@flotilla/shared';

/**
 * Whether a manifest's URL names its build (`?v=<version>`, as the server's /remotes.json gives the
 * remotes it hosts): a new build is then a new URL, so the copy in the HTTP cache (the one the login
 * page prefetched) is the right one.
 */
export function namesItsBuild(url: string): boolean {
  return new URL(url, location.href).searchParams.has('v');
}

/**
 * Makes manifest loading strict: from the HTTP cache only when its URL names its build (otherwise a
 * new remote version at the same URL must be seen), with a timeout, and a non-2xx answer is an error
 * (the runtime would otherwise parse a JSON error body as a manifest and fail later with a confusing message).
 */
export function flotillaRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'flotilla-runtime-plugin',
    async fetch(url, init) {
      const signal = init?.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS)])
        : AbortSignal.timeout(REMOTE_LOAD_TIMEOUT_MS);
      const response = await fetch(url, { ...init, cache: namesItsBuild(url) ? 'default' : 'no-store', signal });
      if (!response.ok) throw new Error(`FLOTILLA_REMOTE_MANIFEST: ${url} answered ${response.status}`);
      return response;
    },
    errorLoadRemote({ id, error, lifecycle }) {
      console.error(`[flotilla] remote ${id} failed at ${lifecycle}`, error);
      // Returning nothing lets the error reach the area's RemoteBoundary.
      return undefined;
    },
  };
}
