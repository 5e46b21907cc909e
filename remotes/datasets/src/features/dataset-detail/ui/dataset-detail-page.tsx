import { Descriptions, Spin, Typography } from '@douyinfe/semi-ui';
import { useDateTime, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { BackToDatasets } from '../../../ui/back-button';
import { $dataset, $detailFailure, $detailStatus, $datasetId, datasetDetailOpened, datasetDetailRetryClicked } from '../dataset-detail.model';

/** `/dataset/:id?/detail`: what the server holds about one dataset. */
export function DatasetDetailPage() {
  const t = useT();
  const formatDate = useDateTime();
  const { id } = useParams();
  const { dataset: storedDataset, shownId, status: storedStatus, failure, opened, retried } = useUnit({
    shownId: $datasetId,
    dataset: $dataset,
    status: $detailStatus,
    failure: $detailFailure,
    opened: datasetDetailOpened,
    retried: datasetDetailRetryClicked,
  });
  useEffect(() => {
    opened(id);
  }, [id, opened]);
  // Until the model has caught up with the route (first render), the stored state is another dataset's.
  const current = shownId === (id || null);
  const status = current ? storedStatus : 'loading';
  const dataset = current ? storedDataset : null;

  if (status === 'not-found') {
    return (
      <Page>
        <BackToDatasets />
        <EmptyState title={t('datasets.detail.notFound')} description={t('datasets.detail.notFoundHint')} />
      </Page>
    );
  }
  if (status === 'error') {
    return (
      <Page>
        <BackToDatasets />
        <ErrorState
          title={t('datasets.detail.loadFailed')}
          description={failure?.status === 0 ? t('datasets.error.network') : failure?.message}
          onRetry={retried}
        />
      </Page>
    );
  }
  if (!dataset) {
    return (
      <Page>
        <BackToDatasets />
        <Spin size="large" tip={t('datasets.detail.loading')} style={{ width: '100%', padding: 48 }} />
      </Page>
    );
  }

  const fields = [
    { key: t('datasets.field.name'), value: dataset.name },
    {
      key: t('datasets.field.description'),
      value: dataset.description || <Typography.Text type="tertiary">{t('datasets.detail.noDescription')}</Typography.Text>,
    },
    { key: t('datasets.field.files'), value: t('datasets.detail.files', { count: dataset.fileCount }) },
    { key: t('datasets.field.segments'), value: t('datasets.detail.segments', { count: dataset.segmentCount }) },
    { key: t('datasets.field.id'), value: <Typography.Text copyable>{dataset.id}</Typography.Text> },
    { key: t('datasets.field.createdAt'), value: formatDate(dataset.createdAt) },
    { key: t('datasets.field.updatedAt'), value: formatDate(dataset.updatedAt) },
  ];

  return (
    <Page>
      <PageHeader back={<BackToDatasets />} title={dataset.name} extra={status === 'loading' ? <Spin size="small" /> : undefined} />
      <Surface>
        <Descriptions data={fields} />
      </Surface>
    </Page>
  );
}
