import { Tag, Tooltip } from '@flotilla/shared/ui/semi';
import { useT, type DatasetFileStatus } from '@flotilla/shared';

const STATUS_COLORS: Record<DatasetFileStatus, 'grey' | 'blue' | 'green' | 'red'> = {
  queued: 'grey',
  parsing: 'blue',
  done: 'green',
  failed: 'red',
};

/** Where a file's parsing stands; a failed one shows why on hover. */
export function FileStatusTag({ status, error }: { status: DatasetFileStatus; error?: string | null }) {
  const t = useT();
  const tag = (
    <Tag color={STATUS_COLORS[status]} data-status={status}>
      {t(`datasets.fileStatus.${status}`)}
    </Tag>
  );
  if (status !== 'failed' || !error) return tag;
  return (
    <Tooltip content={error}>
      <span tabIndex={0} aria-label={t('datasets.fileStatus.failedWith', { error })}>
        {tag}
      </span>
    </Tooltip>
  );
}
