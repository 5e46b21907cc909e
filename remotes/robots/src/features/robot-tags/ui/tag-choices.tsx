import { Checkbox, CheckboxGroup, Spin } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { $tags, $tagsLoadFailure, $tagsStatus, tagsRetryClicked } from '../robot-tags.model';

export function TagChoices({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const t = useT();
  const { tags, status, loadFailure, retried } = useUnit({
    tags: $tags,
    status: $tagsStatus,
    loadFailure: $tagsLoadFailure,
    retried: tagsRetryClicked,
  });
  if (status === 'error') {
    return (
      <ErrorState
        title={t('robots.tags.loadFailed')}
        description={loadFailure ? failureText(loadFailure, t) : undefined}
        onRetry={retried}
      />
    );
  }
  if (status !== 'ready') return <Spin tip={t('robots.tab.loading')} style={{ width: '100%', padding: 24 }} />;
  if (tags.length === 0)
    return <EmptyState title={t('robots.tags.empty')} description={t('robots.tags.bindEmptyHint')} />;
  return (
    <CheckboxGroup
      aria-label={t('robots.tags.bindLabel')}
      value={value}
      onChange={(ids: string[]) => onChange(ids)}
      style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 360, overflowY: 'auto' }}
    >
      {tags.map((tag) => (
        <Checkbox key={tag.id} value={tag.id}>
          {tag.name}
        </Checkbox>
      ))}
    </CheckboxGroup>
  );
}
