import { Descriptions, Typography } from '@flotilla/shared/ui/semi';
import { useDateTime, useT, type Dataset } from '@flotilla/shared';

export function Facts({ dataset }: { dataset: Dataset }) {
  const t = useT();
  const formatDate = useDateTime();
  const fields = [
    { key: t('datasets.field.files'), value: t('datasets.detail.files', { count: dataset.fileCount }) },
    { key: t('datasets.field.segments'), value: t('datasets.detail.segments', { count: dataset.segmentCount }) },
    {
      key: t('datasets.field.chunking'),
      value: t('datasets.detail.chunking', { size: dataset.chunkSize, overlap: dataset.overlap }),
    },
    { key: t('datasets.field.embedding'), value: dataset.embeddingModel ?? t('datasets.detail.fulltextOnly') },
    { key: t('datasets.field.id'), value: <Typography.Text copyable>{dataset.id}</Typography.Text> },
    { key: t('datasets.field.createdAt'), value: formatDate(dataset.createdAt) },
    { key: t('datasets.field.updatedAt'), value: formatDate(dataset.updatedAt) },
  ];
  return <Descriptions row size="small" data={fields} />;
}
