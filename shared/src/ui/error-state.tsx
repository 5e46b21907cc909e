import { Button, Empty } from './semi';
import { IllustrationFailure } from '@douyinfe/semi-illustrations';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/** An area that could not show its content, with an optional Retry. */
export function ErrorState({
  title,
  description,
  onRetry,
}: {
  title?: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
}) {
  const t = useT();
  return (
    <div role="alert">
      <Empty
        image={<IllustrationFailure style={{ width: 150, height: 150 }} />}
        title={title ?? t('shared.error.title')}
        description={description}
        style={{ padding: 32 }}
      >
        {onRetry && (
          <Button theme="solid" type="primary" onClick={onRetry}>
            {t('shared.retry')}
          </Button>
        )}
      </Empty>
    </div>
  );
}
