import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** How long a remote's manifest may take before its area shows the error. */
export const MANIFEST_TIMEOUT_MS = 15000;

/**
 * Makes manifest loading strict: never from the HTTP cache (a new remote version must be seen),
 * with a timeout, and a non-2xx answer is an error (the runtime would otherwise parse a JSON
 * error body as a manifest and fail later with a confusing message).
 */
export function flotillaRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'flotilla-runtime-plugin',
    async fetch(url, init) {
      const signal = init?.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(MANIFEST_TIMEOUT_MS)]) : AbortSignal.timeout(MANIFEST_TIMEOUT_MS);
      const response = await fetch(url, { ...init, cache: 'no-store', signal });
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
