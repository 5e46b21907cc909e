import { Banner, Modal } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { failureText, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { validatePassword } from '../../employees/lib/validate-user';
import {
  $passwordError,
  $passwordFor,
  $passwordSaving,
  passwordDismissed,
  passwordSubmitted,
} from '../user-manage.model';

/** The "Reset password" dialog: a new password for the user, whose sessions end. */
export function ResetPasswordModal() {
  const t = useT();
  const m = useUnit({
    user: $passwordFor,
    saving: $passwordSaving,
    error: $passwordError,
    dismissed: passwordDismissed,
    submitted: passwordSubmitted,
  });
  const formApi = useRef<FormApi<{ password: string }> | null>(null);
  const title = m.user ? t('users.manage.password.title', { username: m.user.username }) : '';

  return (
    <Modal
      visible={m.user !== null}
      title={title}
      okText={t('users.manage.password.submit')}
      cancelText={t('users.create.cancel')}
      confirmLoading={m.saving}
      okButtonProps={{ 'aria-label': t('users.manage.password.submit') }}
      cancelButtonProps={{ 'aria-label': t('users.create.cancel') }}
      onOk={() => formApi.current?.submitForm()}
      onCancel={() => m.dismissed()}
      maskClosable={false}
      width={440}
    >
      {m.error && (
        <Banner
          type="danger"
          closeIcon={null}
          description={t('users.manage.password.failed', { message: failureText(m.error, t) })}
          style={{ marginBottom: 16 }}
        />
      )}
      {m.user && (
        <Form<{ password: string }>
          key={m.user.id}
          getFormApi={(api) => (formApi.current = api)}
          onSubmit={(values) => m.submitted(values.password)}
          labelPosition="top"
          aria-label={title}
        >
          <Form.Input
            field="password"
            mode="password"
            label={t('users.manage.password.new')}
            placeholder={t('users.create.passwordPlaceholder')}
            extraText={t('users.manage.password.hint')}
            autoComplete="new-password"
            validate={(value: string | undefined) => {
              const id = validatePassword(value);
              return id ? t(id) : '';
            }}
          />
        </Form>
      )}
    </Modal>
  );
}
