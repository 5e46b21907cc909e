import { useT } from '../i18n';
import { ErrorState } from './error-state';

/** What a remote's area shows when it failed to load or render: the error, and Retry. */
export function RemoteFailed({ name, error, onRetry }: { name: string; error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <div data-testid={`remote-error-${name}`}>
      <ErrorState
        title={t('shared.remote.failed', { name })}
        description={
          <>
            {t('shared.remote.failedHint')}
            <br />
            <code>{error.message}</code>
          </>
        }
        onRetry={onRetry}
      />
    </div>
  );
}
