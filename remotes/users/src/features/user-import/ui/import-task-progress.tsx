import { Banner, Progress, Typography } from '@flotilla/shared/ui/semi';
import { useT, type Task } from '@flotilla/shared';

/** The import's task as it runs (`count` users): progress while it waits or works, then done, failed or cancelled. */
export function ImportTaskProgress({ task, count }: { task: Task; count: number }) {
  const t = useT();
  if (task.status === 'failed')
    return (
      <Banner
        type="danger"
        fullMode={false}
        closeIcon={null}
        description={t('users.import.taskFailed', { error: task.error ?? '' })}
      />
    );
  if (task.status === 'done')
    return <Banner type="success" fullMode={false} closeIcon={null} description={t('users.import.done', { count })} />;
  if (task.status === 'cancelled')
    return <Banner type="warning" fullMode={false} closeIcon={null} description={t('users.import.taskCancelled')} />;
  const percent = Math.round(task.progress * 100);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Typography.Text>{t(task.status === 'queued' ? 'users.import.queued' : 'users.import.running')}</Typography.Text>
      <Progress percent={percent} showInfo aria-label={t('users.import.progress')} />
    </div>
  );
}
