import { Card, Tag, Typography } from '@flotilla/shared/ui/semi';
import { useT, type Segment } from '@flotilla/shared';
import { Link } from 'react-router-dom';
import { fileDetailPath } from '../../../lib/paths';

export function Hit({ hit, rank, folder }: { hit: Segment; rank: number; folder: string | null }) {
  const t = useT();
  return (
    <Card bodyStyle={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 12 }} data-testid="search-hit">
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <Tag color="blue">#{rank}</Tag>
        {hit.score !== undefined && (
          <Tag color="green">{t('datasets.search.score', { score: hit.score.toFixed(4) })}</Tag>
        )}
        {hit.fileId ? (
          <Link to={fileDetailPath(hit.datasetId, hit.fileId)}>{hit.fileName}</Link>
        ) : (
          <Typography.Text>{hit.fileName}</Typography.Text>
        )}
        <Typography.Text type="tertiary">{folder ?? t('datasets.catalogue.none')}</Typography.Text>
      </div>
      {hit.question !== undefined ? (
        <div>
          <Typography.Paragraph strong>{t('datasets.segment.question', { text: hit.question })}</Typography.Paragraph>
          <Typography.Paragraph>{t('datasets.segment.answer', { text: hit.answer ?? '' })}</Typography.Paragraph>
        </div>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{hit.text}</Typography.Paragraph>
      )}
    </Card>
  );
}
