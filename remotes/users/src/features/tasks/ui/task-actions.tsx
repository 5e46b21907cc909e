import { Button, Popconfirm, Tooltip, IconClose, IconRefresh } from '@flotilla/shared/ui/semi';
import { useT, type Task } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { $busyTaskIds, isTaskMoving, isTaskRetryable, taskCancelConfirmed, taskRetryClicked } from '../tasks.model';

export function TaskActions({ task }: { task: Task }) {
  const t = useT();
  const m = useUnit({ busy: $busyTaskIds, retried: taskRetryClicked, cancelled: taskCancelConfirmed });
  const busy = m.busy.includes(task.id);
  if (isTaskRetryable(task)) {
    const label = t('users.tasks.retry', { title: task.title });
    return (
      <Tooltip content={label}>
        <Button
          theme="borderless"
          icon={<IconRefresh />}
          loading={busy}
          aria-label={label}
          onClick={() => m.retried(task)}
        />
      </Tooltip>
    );
  }
  if (isTaskMoving(task)) {
    const label = t('users.tasks.cancel', { title: task.title });
    return (
      <Popconfirm
        title={t('users.tasks.cancelTitle', { title: task.title })}
        content={t('users.tasks.cancelContent')}
        okType="danger"
        okText={t('users.tasks.cancelOk')}
        cancelText={t('users.tasks.keep')}
        // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
        okButtonProps={{ 'aria-label': t('users.tasks.cancelOk') }}
        cancelButtonProps={{ 'aria-label': t('users.tasks.keep') }}
        onConfirm={() => {
          m.cancelled(task);
        }}
      >
        <span>
          <Tooltip content={label}>
            <Button theme="borderless" type="danger" icon={<IconClose />} loading={busy} aria-label={label} />
          </Tooltip>
        </span>
      </Popconfirm>
    );
  }
  return null;
}
