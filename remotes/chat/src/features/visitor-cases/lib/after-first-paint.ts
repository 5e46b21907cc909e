/**
 * Runs `work` once the page has painted and the browser is idle (a short timer where there is no idle
 * callback), so that what is not needed at once never competes with the chat's first paint. Returns a cancel.
 */
export function afterFirstPaint(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 300);
  return () => window.clearTimeout(id);
}
