import { useT } from '@flotilla/shared';

/** How long the answer took, in ms below a second, else in seconds. */
export function useLatency(): (ms: number) => string {
  const t = useT();
  return (ms) =>
    ms < 1000
      ? t('robots.logs.latencyMs', { ms })
      : t('robots.logs.latencySeconds', { seconds: (ms / 1000).toFixed(1) });
}
