import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { RobotFormModal } from '../../robot-form/ui/robot-form-modal';
import { $editedRobot, $editFailure, $saving, editedRobotIcon, robotEditCancelled, robotEditSubmitted } from '../robot-edit.model';

/** The edit form of a robot: name (required), description and icon, filled with the robot's current ones. */
export function EditRobotModal() {
  const t = useT();
  const m = useUnit({ robot: $editedRobot, saving: $saving, failure: $editFailure, cancelled: robotEditCancelled, submitted: robotEditSubmitted });
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
      initValues={{ name: m.robot?.name ?? '', description: m.robot?.description ?? '' }}
      formKey={m.robot?.processId}
      onSubmit={m.submitted}
      onCancel={m.cancelled}
    />
  );
}
