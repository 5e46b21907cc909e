import { Banner, Modal, Select, Typography } from '@flotilla/shared/ui/semi';
import { $user, failureText, useT, type Failure } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import {
  $deleteError,
  $deletePending,
  $deleting,
  $heirId,
  $heirOptions,
  deleteConfirmed,
  deleteDismissed,
  heirChosen,
  heirSearched,
} from '../user-manage.model';

function errorText(t: (id: string, values?: Record<string, unknown>) => string, error: Failure): string {
  if (error.code === 'LAST_ADMIN') return t('users.manage.edit.lastAdmin');
  return t('users.manage.delete.failed', { message: failureText(error, t) });
}

/** The "Delete user" dialog: who receives their robots (the admin unless someone else is picked), then delete. */
export function DeleteUserModal() {
  const t = useT();
  const m = useUnit({
    user: $deleting,
    me: $user,
    heirId: $heirId,
    options: $heirOptions,
    pending: $deletePending,
    error: $deleteError,
    dismissed: deleteDismissed,
    confirmed: deleteConfirmed,
    chosen: heirChosen,
    searched: heirSearched,
  });
  const user = m.user;
  // The deleted user cannot receive their own robots.
  const options = m.options.filter((option) => option.id !== user?.id);

  return (
    <Modal
      visible={user !== null}
      title={user ? t('users.manage.delete.title', { username: user.username }) : ''}
      okText={t('users.manage.delete.submit')}
      okType="danger"
      cancelText={t('users.create.cancel')}
      confirmLoading={m.pending}
      okButtonProps={{ 'aria-label': t('users.manage.delete.submit'), type: 'danger' }}
      cancelButtonProps={{ 'aria-label': t('users.create.cancel') }}
      onOk={() => m.confirmed()}
      onCancel={() => m.dismissed()}
      maskClosable={false}
      width={480}
    >
      {m.error && (
        <Banner
          type="danger"
          closeIcon={null}
          description={errorText(t, m.error)}
          style={{ marginBottom: 16 }}
          data-testid="delete-user-error"
        />
      )}
      <Typography.Paragraph>{t('users.manage.delete.content')}</Typography.Paragraph>
      {/* Semi's select names itself by aria-labelledby only: the visible label names it. */}
      <label className="flu-user-manage__label" id="flu-robots-to-label">
        {t('users.manage.delete.robotsTo')}
      </label>
      <Select
        aria-labelledby="flu-robots-to-label"
        style={{ width: '100%' }}
        filter
        remote
        showClear
        value={m.heirId || undefined}
        placeholder={t('users.manage.delete.robotsToMe', { name: m.me?.nickname ?? '' })}
        onSearch={(keyword: string) => m.searched(keyword)}
        onChange={(value) => m.chosen(typeof value === 'string' ? value : '')}
        optionList={options.map((option) => ({ value: option.id, label: option.name }))}
        emptyContent={t('users.manage.delete.noUser')}
      />
    </Modal>
  );
}
