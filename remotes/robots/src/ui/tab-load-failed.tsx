import { failureText, useT, type Failure } from '@flotilla/shared';
import { ErrorState } from '@flotilla/shared/ui';

/** A detail tab whose values failed to load, with a retry. */
export function TabLoadFailed({ failure, onRetry }: { failure: Failure | null; onRetry: () => void }) {
  const t = useT();
  return (
    <ErrorState
      title={t('robots.tab.loadFailed')}
      description={failure ? failureText(failure, t) : undefined}
      onRetry={onRetry}
    />
  );
}
