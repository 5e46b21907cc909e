import { Banner, Modal } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { failureText, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import {
  $secretCreateFailure,
  $secretCreateOpen,
  $secretCreating,
  secretCreateCancelled,
  secretCreateSubmitted,
} from '../robot-secrets.model';

/** The same limit the server checks (contracts' secret name). */
const NAME_MAX = 100;

export function CreateSecretModal() {
  const t = useT();
  const formApi = useRef<FormApi<{ name: string }> | null>(null);
  const m = useUnit({
    open: $secretCreateOpen,
    creating: $secretCreating,
    failure: $secretCreateFailure,
    cancelled: secretCreateCancelled,
    submitted: secretCreateSubmitted,
  });
  return (
    <Modal
      title={t('robots.secrets.createTitle')}
      visible={m.open}
      onCancel={m.cancelled}
      onOk={() => formApi.current?.submitForm()}
      okText={t('robots.secrets.createSubmit')}
      cancelText={t('robots.secrets.cancel')}
      // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
      okButtonProps={{ 'aria-label': t('robots.secrets.createSubmit') }}
      cancelButtonProps={{ 'aria-label': t('robots.secrets.cancel') }}
      confirmLoading={m.creating}
      maskClosable={false}
      width={480}
    >
      {m.failure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('robots.secrets.createFailed')}
          description={failureText(m.failure, t)}
          style={{ marginBottom: 12 }}
        />
      )}
      {m.open && (
        <Form<{ name: string }>
          getFormApi={(api) => {
            formApi.current = api;
          }}
          onSubmit={(values) => m.submitted(values.name ?? '')}
          labelPosition="top"
        >
          <Form.Input
            field="name"
            label={t('robots.secrets.name')}
            placeholder={t('robots.secrets.namePlaceholder')}
            maxLength={NAME_MAX}
            autoFocus
            rules={[{ required: true, whitespace: true, message: t('robots.secrets.nameRequired') }]}
          />
        </Form>
      )}
    </Modal>
  );
}
