import { SaveFailedBanner } from '@flotilla/shared/ui';
import { Modal } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import type { CreateRobotBody, Failure } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef, type ReactNode } from 'react';
import type { IconField } from '../robot-form.model';
import { RobotFields } from './robot-fields';

/** What a robot form collects (the icon is its icon field's; `type` only when creating). */
export type RobotFormValues = Partial<CreateRobotBody>;

export type RobotFormModalProps = {
  open: boolean;
  title: string;
  submitLabel: string;
  cancelLabel: string;
  /** The title of the banner that shows why the last submit failed. */
  failedTitle: string;
  failure: Failure | null;
  submitting: boolean;
  icon: IconField;
  initValues: RobotFormValues;
  /** Changes when the form is for another robot: its fields start again from `initValues`. */
  formKey?: string;
  onSubmit: (values: RobotFormValues & { name: string }) => void;
  onCancel: () => void;
  /** Fields after name, description and icon. */
  children?: ReactNode;
};

/** The dialog of a robot form (create, edit): its fields, the failure of the last submit, submit and cancel. */
export function RobotFormModal(props: RobotFormModalProps) {
  const {
    open,
    title,
    submitLabel,
    cancelLabel,
    failedTitle,
    failure,
    submitting,
    icon,
    initValues,
    formKey,
    onSubmit,
    onCancel,
    children,
  } = props;
  const formApi = useRef<FormApi<RobotFormValues> | null>(null);
  const uploading = useUnit(icon.$uploading);
  return (
    <Modal
      title={title}
      visible={open}
      onCancel={onCancel}
      onOk={() => formApi.current?.submitForm()}
      okText={submitLabel}
      cancelText={cancelLabel}
      // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
      okButtonProps={{ 'aria-label': submitLabel, disabled: uploading }}
      cancelButtonProps={{ 'aria-label': cancelLabel }}
      confirmLoading={submitting}
      maskClosable={false}
      width={560}
    >
      <SaveFailedBanner failure={failure} title={failedTitle} />
      <Form<RobotFormValues>
        key={formKey}
        getFormApi={(api) => {
          formApi.current = api;
        }}
        initValues={initValues}
        onSubmit={(values) => onSubmit({ ...values, name: values.name ?? '' })}
        labelPosition="top"
      >
        <RobotFields icon={icon} />
        {children}
      </Form>
    </Modal>
  );
}
