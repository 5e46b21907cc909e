import { Button, Dropdown, IconDelete, IconEdit, IconKey, IconMore } from '@flotilla/shared/ui/semi';
import { useT, type User } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { FreezeAction } from '../../employees/ui/freeze-action';
import { deleteClicked, editClicked, passwordClicked } from '../user-manage.model';

/** One row's actions: Edit and Freeze at hand; Reset password and Delete under "More". */
export function UserRowActions({ user, busy, isSelf }: { user: User; busy: boolean; isSelf: boolean }) {
  const t = useT();
  const events = useUnit({ edit: editClicked, password: passwordClicked, remove: deleteClicked });
  return (
    <div className="flu-user-manage__actions">
      <Button
        theme="borderless"
        icon={<IconEdit />}
        aria-label={t('users.manage.edit.aria', { username: user.username })}
        onClick={() => events.edit(user)}
      />
      <FreezeAction user={user} busy={busy} isSelf={isSelf} />
      <Dropdown
        trigger="click"
        position="bottomRight"
        render={
          <Dropdown.Menu>
            <Dropdown.Item icon={<IconKey />} onClick={() => events.password(user)}>
              {t('users.manage.password.action')}
            </Dropdown.Item>
            <Dropdown.Item
              icon={<IconDelete />}
              type="danger"
              disabled={isSelf}
              onClick={() => {
                if (!isSelf) events.remove(user);
              }}
            >
              {isSelf ? t('users.manage.delete.self') : t('users.manage.delete.action')}
            </Dropdown.Item>
          </Dropdown.Menu>
        }
      >
        <Button
          theme="borderless"
          icon={<IconMore />}
          aria-label={t('users.manage.more', { username: user.username })}
        />
      </Dropdown>
    </div>
  );
}
