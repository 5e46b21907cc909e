import { Button } from './semi';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n';
import { EmptyState } from './empty-state';

/**
 * What a remote shows for a path of its area it has no page for (yet): a shared title and hint,
 * and a button back to `backTo` (usually the area's list) labelled `backLabel`.
 */
export function NotFoundState({ backTo, backLabel }: { backTo: string; backLabel: ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <EmptyState
      title={t('shared.notFound.title')}
      description={t('shared.notFound.description')}
      action={<Button onClick={() => navigate(backTo)}>{backLabel}</Button>}
    />
  );
}
