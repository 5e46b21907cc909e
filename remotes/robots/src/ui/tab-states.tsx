import { Banner, Spin } from '@flotilla/shared/ui/semi';
import { failureText, useT, type Failure } from '@flotilla/shared';
import { ErrorState } from '@flotilla/shared/ui';

/** A detail tab whose values are on their way. */
export function TabLoading() {
  const t = useT();
  return <Spin size="large" tip={t('robots.tab.loading')} style={{ width: '100%', padding: 48 }} />;
}

/** A detail tab whose values failed to load, with a retry. */
export function TabLoadFailed({ failure, onRetry }: { failure: Failure | null; onRetry: () => void }) {
  const t = useT();
  return <ErrorState title={t('robots.tab.loadFailed')} description={failure ? failureText(failure, t) : undefined} onRetry={onRetry} />;
}

/** Why the last change was refused, above the form it belongs to. */
export function SaveFailedBanner({ failure, title }: { failure: Failure | null; title: string }) {
  const t = useT();
  if (!failure) return null;
  return (
    <Banner
      type="danger"
      fullMode={false}
      closeIcon={null}
      title={title}
      description={failureText(failure, t)}
      style={{ marginBottom: 12 }}
    />
  );
}
