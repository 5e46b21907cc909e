import { Banner, Form, Modal, Radio } from '@douyinfe/semi-ui';
import type { FormApi } from '@douyinfe/semi-ui/lib/es/form';
import { useT, type CreateRobotBody } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { $createFailure, $createOpen, $creating, $iconUploading, robotCreateCancelled, robotCreateSubmitted } from '../robots.model';
import { IconPicker } from './icon-picker';

type CreateRobotForm = Partial<CreateRobotBody>;

/** The create form: name (required), description, icon, simple or flow. Its fields reset each time it opens. */
export function CreateRobotModal() {
  const t = useT();
  const formApi = useRef<FormApi<CreateRobotForm> | null>(null);
  const { open, creating, uploading, failure, cancelled, submitted } = useUnit({
    open: $createOpen,
    creating: $creating,
    uploading: $iconUploading,
    failure: $createFailure,
    cancelled: robotCreateCancelled,
    submitted: robotCreateSubmitted,
  });
  return (
    <Modal
      title={t('robots.create.title')}
      visible={open}
      onCancel={cancelled}
      onOk={() => formApi.current?.submitForm()}
      okText={t('robots.create.submit')}
      cancelText={t('robots.create.cancel')}
      // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
      okButtonProps={{ 'aria-label': t('robots.create.submit'), disabled: uploading }}
      cancelButtonProps={{ 'aria-label': t('robots.create.cancel') }}
      confirmLoading={creating}
      maskClosable={false}
      width={560}
    >
      {failure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('robots.create.failed')}
          description={failure.status === 0 ? t('robots.error.network') : failure.message}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form<CreateRobotForm>
        getFormApi={(api) => {
          formApi.current = api;
        }}
        initValues={{ type: 'simple' }}
        onSubmit={(values) => submitted({ ...values, name: values.name ?? '' })}
        labelPosition="top"
      >
        <Form.Input
          field="name"
          label={t('robots.form.name')}
          placeholder={t('robots.form.namePlaceholder')}
          maxLength={100}
          autoFocus
          rules={[{ required: true, whitespace: true, message: t('robots.form.nameRequired') }]}
        />
        <Form.TextArea
          field="description"
          label={t('robots.form.description')}
          placeholder={t('robots.form.descriptionPlaceholder')}
          maxCount={1000}
          maxLength={1000}
          rows={3}
        />
        <Form.Slot label={t('robots.form.icon')}>
          <IconPicker />
        </Form.Slot>
        <Form.RadioGroup field="type" label={t('robots.form.type')} type="pureCard" direction="vertical">
          <Radio value="simple" extra={t('robots.type.simpleHint')} style={{ width: '100%' }}>
            {t('robots.type.simple')}
          </Radio>
          <Radio value="flow" extra={t('robots.type.flowHint')} style={{ width: '100%' }}>
            {t('robots.type.flow')}
          </Radio>
        </Form.RadioGroup>
      </Form>
    </Modal>
  );
}
