import { Banner, Button, IconRefresh } from '@flotilla/shared/ui/semi';
import { useT, type DatasetFile } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { isFileMoving } from '../../../lib/file-status';
import { $reindexing, fileReindexConfirmed } from '../file-detail.model';

export function ParseState({ file }: { file: DatasetFile }) {
  const t = useT();
  const m = useUnit({ reindexing: $reindexing, reindex: fileReindexConfirmed });
  if (file.status === 'failed') {
    return (
      <Banner
        type="danger"
        fullMode={false}
        closeIcon={null}
        title={t('datasets.file.failed')}
        description={
          <div style={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'flex-start' }}>
            <span>{file.error ?? t('datasets.file.failedNoReason')}</span>
            <Button size="small" icon={<IconRefresh />} loading={m.reindexing} onClick={() => m.reindex()}>
              {t('datasets.file.retry')}
            </Button>
          </div>
        }
      />
    );
  }
  if (isFileMoving(file.status)) {
    return <Banner type="info" fullMode={false} closeIcon={null} description={t(`datasets.file.${file.status}`)} />;
  }
  return null;
}
