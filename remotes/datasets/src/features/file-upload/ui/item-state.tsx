import { Progress, Tag, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { Link } from 'react-router-dom';
import { fileDetailPath } from '../../../lib/paths';
import { FileStatusTag } from '../../../ui/file-status-tag';
import type { UploadItem } from '../file-upload.model';
import { ProblemText } from './problem-text';

export function ItemState({ item }: { item: UploadItem }) {
  const t = useT();
  const percent = Math.round(item.progress * 100);
  switch (item.state) {
    case 'refused':
      return <ProblemText item={item} />;
    case 'ready':
      return <Tag>{t('datasets.upload.state.ready')}</Tag>;
    case 'waiting':
      return <Tag color="grey">{t('datasets.upload.state.waiting')}</Tag>;
    case 'uploading':
      return (
        <Progress
          percent={percent}
          showInfo
          size="small"
          style={{ width: 160 }}
          aria-label={t('datasets.upload.progress', { name: item.file.name })}
        />
      );
    case 'failed':
      return (
        <Typography.Text type="danger" size="small" role="alert">
          {t('datasets.upload.failed', { reason: item.failure ? failureText(item.failure, t) : '' })}
        </Typography.Text>
      );
    case 'uploaded':
      if (!item.row) return <Tag color="green">{t('datasets.upload.state.uploaded')}</Tag>;
      return (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <FileStatusTag status={item.row.status} error={item.row.error} />
          {item.row.status === 'done' && (
            <Typography.Text type="tertiary" size="small">
              {t('datasets.detail.segments', { count: item.row.segmentCount })}
            </Typography.Text>
          )}
          <Link to={fileDetailPath(item.row.datasetId, item.row.id)}>{t('datasets.upload.openFile')}</Link>
        </span>
      );
  }
}
