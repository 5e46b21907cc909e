import { Button, Popconfirm } from '@flotilla/shared/ui/semi';
import { useT, type User } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { userFreezeConfirmed, userUnfreezeConfirmed } from '../employees.model';

/** The freeze / unfreeze action of one row, behind a confirmation. */
export function FreezeAction({ user, busy, isSelf }: { user: User; busy: boolean; isSelf: boolean }) {
  const t = useT();
  const [freeze, unfreeze] = useUnit([userFreezeConfirmed, userUnfreezeConfirmed]);
  if (user.ban) {
    return (
      <Popconfirm
        title={t('users.unfreeze.title', { username: user.username })}
        content={t('users.unfreeze.content')}
        okText={t('users.unfreeze.ok')}
        cancelText={t('users.create.cancel')}
        onConfirm={() => {
          unfreeze(user.id);
        }}
      >
        <Button theme="borderless" loading={busy} aria-label={t('users.unfreeze.aria', { username: user.username })}>
          {t('users.unfreeze.action')}
        </Button>
      </Popconfirm>
    );
  }
  return (
    <Popconfirm
      title={t('users.freeze.title', { username: user.username })}
      content={t('users.freeze.content')}
      okText={t('users.freeze.ok')}
      okType="danger"
      cancelText={t('users.create.cancel')}
      onConfirm={() => {
        freeze(user.id);
      }}
      disabled={isSelf}
    >
      <Button
        theme="borderless"
        type="danger"
        loading={busy}
        disabled={isSelf}
        title={isSelf ? t('users.freeze.self') : undefined}
        aria-label={t('users.freeze.aria', { username: user.username })}
      >
        {t('users.freeze.action')}
      </Button>
    </Popconfirm>
  );
}
