import { Banner, Modal } from '@flotilla/shared/ui/semi';
import { failureText, useT, type Robot } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { $bindFailure, $binding, $bindRobot, tagBindCancelled, tagBindSubmitted } from '../robot-tags.model';
import { TagChoices } from './tag-choices';

/** Picks the tags of one robot; saving replaces them all. */
export function BindTagsModal() {
  const t = useT();
  const m = useUnit({
    robot: $bindRobot,
    binding: $binding,
    failure: $bindFailure,
    cancelled: tagBindCancelled,
    submitted: tagBindSubmitted,
  });
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
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('robots.tags.bindFailed')}
          description={failureText(m.failure, t)}
          style={{ marginBottom: 12 }}
        />
      )}
      {robot && <TagChoices value={tagIds} onChange={(ids) => setForm({ robot, tagIds: ids })} />}
    </Modal>
  );
}
