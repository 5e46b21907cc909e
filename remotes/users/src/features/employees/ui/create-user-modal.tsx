import { Banner, Modal } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { failureText, ROLES, useT, type Failure, type Role } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import {
  toCreateUserBody,
  validateNickname,
  validatePassword,
  validatePhone,
  validateRole,
  validateUsername,
  type NewUserValues,
} from '../lib/validate-user';
import { $createError, $createOpen, $creating, createUserDismissed, createUserSubmitted } from '../employees.model';

const INITIAL_VALUES: NewUserValues = {
  username: '',
  nickname: '',
  phone: '',
  password: '',
  role: 'operator',
  isAgent: false,
};

function errorText(t: (id: string, values?: Record<string, unknown>) => string, error: Failure): string {
  if (error.code === 'USERNAME_TAKEN') return t('users.create.usernameTaken');
  return t('users.create.failed', { message: failureText(error, t) });
}

/** The "New user" dialog: validates as the server does, then sends the form. */
export function CreateUserModal() {
  const t = useT();
  const [open, creating, error, dismissed, submitted] = useUnit([
    $createOpen,
    $creating,
    $createError,
    createUserDismissed,
    createUserSubmitted,
  ]);
  const formApi = useRef<FormApi<NewUserValues> | null>(null);
  const check = (validate: (value: never) => string | undefined) => (value: unknown) => {
    const id = validate(value as never);
    return id ? t(id) : '';
  };

  return (
    <Modal
      visible={open}
      title={t('users.create.title')}
      okText={t('users.create.submit')}
      cancelText={t('users.create.cancel')}
      confirmLoading={creating}
      // Semi labels its buttons "confirm"/"cancel" for screen readers; give them the visible words.
      okButtonProps={{ 'aria-label': t('users.create.submit') }}
      cancelButtonProps={{ 'aria-label': t('users.create.cancel') }}
      onOk={() => formApi.current?.submitForm()}
      onCancel={() => dismissed()}
      maskClosable={false}
      width={520}
    >
      {error && (
        <Banner
          type="danger"
          closeIcon={null}
          description={errorText(t, error)}
          style={{ marginBottom: 16 }}
          data-testid="create-user-error"
        />
      )}
      <Form<NewUserValues>
        initValues={INITIAL_VALUES}
        getFormApi={(api) => (formApi.current = api)}
        onSubmit={(values) => submitted(toCreateUserBody(values))}
        labelPosition="top"
        aria-label={t('users.create.title')}
      >
        <Form.Input
          field="username"
          label={t('users.field.username')}
          placeholder={t('users.create.usernamePlaceholder')}
          validate={check(validateUsername)}
          autoComplete="off"
        />
        <Form.Input field="nickname" label={t('users.field.nickname')} validate={check(validateNickname)} />
        <Form.Input field="phone" label={t('users.field.phoneOptional')} validate={check(validatePhone)} />
        <Form.Input
          field="password"
          mode="password"
          label={t('users.field.password')}
          placeholder={t('users.create.passwordPlaceholder')}
          validate={check(validatePassword)}
          autoComplete="new-password"
        />
        <Form.Select
          field="role"
          label={t('users.field.role')}
          style={{ width: '100%' }}
          validate={check(validateRole)}
          optionList={ROLES.map((role) => ({ value: role, label: t(`users.role.${role}`) }))}
          onChange={(role) => {
            // Agents follow up cases: the agent role implies the agent flag (it can still be turned off).
            if ((role as Role) === 'agent') formApi.current?.setValue('isAgent', true);
          }}
        />
        <Form.Switch field="isAgent" label={t('users.field.isAgent')} extraText={t('users.create.isAgentHint')} />
      </Form>
    </Modal>
  );
}
