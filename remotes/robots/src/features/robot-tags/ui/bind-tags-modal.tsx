import { Banner, Checkbox, CheckboxGroup, Modal, Spin } from '@flotilla/shared/ui/semi';
import { failureText, useT, type Robot } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import {
  $bindFailure,
  $binding,
  $bindRobot,
  $tags,
  $tagsLoadFailure,
  $tagsStatus,
  tagBindCancelled,
  tagBindSubmitted,
  tagsRetryClicked,
} from '../robot-tags.model';

function TagChoices({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const t = useT();
  const { tags, status, loadFailure, retried } = useUnit({ tags: $tags, status: $tagsStatus, loadFailure: $tagsLoadFailure, retried: tagsRetryClicked });
  if (status === 'error') {
    return <ErrorState title={t('robots.tags.loadFailed')} description={loadFailure ? failureText(loadFailure, t) : undefined} onRetry={retried} />;
  }
  if (status !== 'ready') return <Spin tip={t('robots.tab.loading')} style={{ width: '100%', padding: 24 }} />;
  if (tags.length === 0) return <EmptyState title={t('robots.tags.empty')} description={t('robots.tags.bindEmptyHint')} />;
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

/** Picks the tags of one robot; saving replaces them all. */
export function BindTagsModal() {
  const t = useT();
  const m = useUnit({ robot: $bindRobot, binding: $binding, failure: $bindFailure, cancelled: tagBindCancelled, submitted: tagBindSubmitted });
  const robot = m.robot;
  // The form starts from the robot's tags each time it opens (the robot is unset while it is closed).
  const [form, setForm] = useState<{ robot: Robot | null; tagIds: string[] }>({ robot: null, tagIds: [] });
  if (form.robot !== robot) setForm({ robot, tagIds: robot ? robot.tags.map((tag) => tag.id) : [] });
  const tagIds = form.robot === robot ? form.tagIds : [];
  return (
    <Modal
      title={robot ? t('robots.tags.bindTitle', { name: robot.name }) : ''}
      visible={robot !== null}
      onCancel={m.cancelled}
      onOk={() => {
        m.submitted(tagIds);
      }}
      okText={t('robots.tags.save')}
      cancelText={t('robots.tags.cancel')}
      // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
      okButtonProps={{ 'aria-label': t('robots.tags.save') }}
      cancelButtonProps={{ 'aria-label': t('robots.tags.cancel') }}
      confirmLoading={m.binding}
      width={480}
    >
      {m.failure && (
        <Banner type="danger" fullMode={false} closeIcon={null} title={t('robots.tags.bindFailed')} description={failureText(m.failure, t)} style={{ marginBottom: 12 }} />
      )}
      {robot && <TagChoices value={tagIds} onChange={(ids) => setForm({ robot, tagIds: ids })} />}
    </Modal>
  );
}
