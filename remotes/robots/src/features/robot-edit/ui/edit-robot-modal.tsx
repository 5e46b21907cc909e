import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { RobotFormModal } from '../../robot-form/ui/robot-form-modal';
import {
  $editedRobot,
  $editFailure,
  $saving,
  editedRobotIcon,
  robotEditCancelled,
  robotEditSubmitted,
} from '../robot-edit.model';

/** The edit form of a robot: name (required), description and icon, filled with the robot's current ones. */
export function EditRobotModal() {
  const t = useT();
  const m = useUnit({
    robot: $editedRobot,
    saving: $saving,
    failure: $editFailure,
    cancelled: robotEditCancelled,
    submitted: robotEditSubmitted,
  });
  // The dialog keeps showing the robot while it closes (the model has already let it go).
  const shown = useRef(m.robot);
  if (m.robot) shown.current = m.robot;
  const robot = shown.current;
  return (
    <RobotFormModal
      open={m.robot !== null}
      title={t('robots.edit.title')}
      submitLabel={t('robots.edit.submit')}
      cancelLabel={t('robots.edit.cancel')}
      failedTitle={t('robots.edit.failed')}
      failure={m.failure}
      submitting={m.saving}
      icon={editedRobotIcon}
      initValues={{ name: robot?.name ?? '', description: robot?.description ?? '' }}
      formKey={robot?.processId}
      onSubmit={m.submitted}
      onCancel={m.cancelled}
    />
  );
}
