import { Empty } from './semi';
import { IllustrationNoContent } from '@douyinfe/semi-illustrations';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/** A list with nothing in it yet; `action` is usually the create button. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  const t = useT();
  return (
    <Empty
      image={<IllustrationNoContent style={{ width: 150, height: 150 }} />}
      title={title ?? t('shared.empty')}
      description={description}
      style={{ padding: 32 }}
    >
      {action}
    </Empty>
  );
}
