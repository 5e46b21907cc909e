/**
 * How long a remote's area or an embedded widget may take to load (manifest, scripts, first module) before
 * it shows the error with Retry: one value for the console's areas and for widgets.
 */
export const REMOTE_LOAD_TIMEOUT_MS = 20_000;
