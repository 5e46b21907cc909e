import { Avatar, Banner, Button, Modal, IconUpload } from '@flotilla/shared/ui/semi';
import { Form } from '@flotilla/shared/ui/semi-forms';
import type { FormApi } from '@flotilla/shared/ui/semi-forms';
import { failureText, ROLES, useT, type Failure } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useRef } from 'react';
import { validateNickname, validatePhone } from '../../employees/lib/validate-user';
import { changesOf, editValuesOf, type EditUserValues } from '../lib/edit-values';
import {
  $avatarUploading,
  $editAvatar,
  $editError,
  $editing,
  $saving,
  avatarChosen,
  avatarRemoved,
  editDismissed,
  editSubmitted,
} from '../user-manage.model';

function errorText(t: (id: string, values?: Record<string, unknown>) => string, error: Failure): string {
  if (error.code === 'LAST_ADMIN') return t('users.manage.edit.lastAdmin');
  return t('users.manage.edit.failed', { message: failureText(error, t) });
}

/** The "Edit user" dialog: nickname, phone, role, agent flag and avatar; only what changed is sent. */
export function EditUserModal() {
  const t = useT();
  const m = useUnit({
    user: $editing,
    avatar: $editAvatar,
    uploading: $avatarUploading,
    saving: $saving,
    error: $editError,
    dismissed: editDismissed,
    submitted: editSubmitted,
    chosen: avatarChosen,
    removed: avatarRemoved,
  });
  const formApi = useRef<FormApi<EditUserValues> | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const user = m.user;
  const check = (validate: (value: string | undefined) => string | undefined) => (value: unknown) => {
    const id = validate(value as string | undefined);
    return id ? t(id) : '';
  };

  return (
    <Modal
      visible={user !== null}
      title={user ? t('users.manage.edit.title', { username: user.username }) : ''}
      okText={t('users.manage.save')}
      cancelText={t('users.create.cancel')}
      confirmLoading={m.saving}
      okButtonProps={{ 'aria-label': t('users.manage.save'), disabled: m.uploading }}
      cancelButtonProps={{ 'aria-label': t('users.create.cancel') }}
      onOk={() => formApi.current?.submitForm()}
      onCancel={() => m.dismissed()}
      maskClosable={false}
      width={520}
    >
      {m.error && (
        <Banner
          type="danger"
          closeIcon={null}
          description={errorText(t, m.error)}
          style={{ marginBottom: 16 }}
          data-testid="edit-user-error"
        />
      )}
      {user && (
        <>
          <div className="flu-user-manage__avatar">
            <Avatar size="large" src={m.avatar || undefined} alt={user.nickname}>
              {m.avatar ? undefined : user.nickname.slice(0, 1)}
            </Avatar>
            <Button icon={<IconUpload />} loading={m.uploading} onClick={() => fileInput.current?.click()}>
              {t('users.manage.avatar.upload')}
            </Button>
            {m.avatar && (
              <Button theme="borderless" type="tertiary" onClick={() => m.removed()}>
                {t('users.manage.avatar.remove')}
              </Button>
            )}
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              hidden
              aria-label={t('users.manage.avatar.upload')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) m.chosen(file);
                event.target.value = '';
              }}
            />
          </div>
          <Form<EditUserValues>
            key={user.id}
            initValues={editValuesOf(user)}
            getFormApi={(api) => (formApi.current = api)}
            onSubmit={(values) => m.submitted(changesOf(user, values, m.avatar))}
            labelPosition="top"
            aria-label={t('users.manage.edit.title', { username: user.username })}
          >
            <Form.Input field="nickname" label={t('users.field.nickname')} validate={check(validateNickname)} />
            <Form.Input field="phone" label={t('users.field.phoneOptional')} validate={check(validatePhone)} />
            <Form.Select
              field="role"
              label={t('users.field.role')}
              style={{ width: '100%' }}
              optionList={ROLES.map((role) => ({ value: role, label: t(`users.role.${role}`) }))}
            />
            <Form.Switch field="isAgent" label={t('users.field.isAgent')} extraText={t('users.create.isAgentHint')} />
          </Form>
        </>
      )}
    </Modal>
  );
}
