import { Radio } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { RobotFormModal, type RobotFormValues } from '../../robot-form/ui/robot-form-modal';
import {
  $createFailure,
  $createOpen,
  $creating,
  newRobotIcon,
  robotCreateCancelled,
  robotCreateSubmitted,
} from '../robots.model';

const INITIAL_VALUES: RobotFormValues = { type: 'simple' };

/** The create form: name (required), description, icon, simple or flow. Its fields reset each time it opens. */
export function CreateRobotModal() {
  const t = useT();
  const m = useUnit({
    open: $createOpen,
    creating: $creating,
    failure: $createFailure,
    cancelled: robotCreateCancelled,
    submitted: robotCreateSubmitted,
  });
  return (
    <RobotFormModal
      open={m.open}
      title={t('robots.create.title')}
      submitLabel={t('robots.create.submit')}
      cancelLabel={t('robots.create.cancel')}
      failedTitle={t('robots.create.failed')}
      failure={m.failure}
      submitting={m.creating}
      icon={newRobotIcon}
      initValues={INITIAL_VALUES}
      onSubmit={m.submitted}
      onCancel={m.cancelled}
    >
      <Form.RadioGroup field="type" label={t('robots.form.type')} type="pureCard" direction="vertical">
        <Radio value="simple" extra={t('robots.type.simpleHint')} style={{ width: '100%' }}>
          {t('robots.type.simple')}
        </Radio>
        <Radio value="flow" extra={t('robots.type.flowHint')} style={{ width: '100%' }}>
          {t('robots.type.flow')}
        </Radio>
      </Form.RadioGroup>
    </RobotFormModal>
  );
}
