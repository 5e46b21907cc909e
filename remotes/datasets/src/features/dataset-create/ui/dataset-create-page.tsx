import { Spin } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DATASET_LIST_PATH, datasetDetailPath, type DatasetListLocationState } from '../../../lib/paths';
import { BackToDataset } from '../../../ui/back-to-dataset';
import { BackToDatasets } from '../../../ui/back-to-datasets';
import {
  $dataset,
  $datasetId,
  $detailFailure,
  $detailStatus,
  datasetDetailRetryClicked,
} from '../../dataset-detail/dataset-detail.model';
import { $savedDataset, datasetFormClosed, datasetFormOpened } from '../dataset-create.model';
import { DatasetForm } from './dataset-form';

/** `/dataset/:id?/create`: a new dataset without an id, else the form of that dataset. */
export function DatasetCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const { id } = useParams();
  const m = useUnit({
    saved: $savedDataset,
    shownId: $datasetId,
    dataset: $dataset,
    status: $detailStatus,
    failure: $detailFailure,
    opened: datasetFormOpened,
    closed: datasetFormClosed,
    retried: datasetDetailRetryClicked,
  });
  const { opened, closed } = m;
  useEffect(() => {
    opened(id);
    return closed;
  }, [id, opened, closed]);
  useEffect(() => {
    if (!m.saved) return;
    if (m.saved.created) navigate(DATASET_LIST_PATH, { state: { created: true } satisfies DatasetListLocationState });
    else navigate(datasetDetailPath(m.saved.dataset.id));
  }, [m.saved, navigate]);

  if (!id) {
    return (
      <Page>
        <PageHeader
          back={<BackToDatasets />}
          title={t('datasets.create.title')}
          description={t('datasets.create.description')}
        />
        <Surface>
          <DatasetForm dataset={null} />
        </Surface>
      </Page>
    );
  }

  // Until the model has caught up with the route (first render), the stored dataset is another one.
  const current = m.shownId === id;
  const status = current ? m.status : 'loading';
  const dataset = current ? m.dataset : null;
  let body;
  if (status === 'not-found')
    body = <EmptyState title={t('datasets.detail.notFound')} description={t('datasets.detail.notFoundHint')} />;
  else if (status === 'error')
    body = (
      <ErrorState
        title={t('datasets.detail.loadFailed')}
        description={m.failure ? failureText(m.failure, t) : undefined}
        onRetry={m.retried}
      />
    );
  else if (!dataset)
    body = <Spin size="large" tip={t('datasets.detail.loading')} style={{ width: '100%', padding: 48 }} />;
  else
    body = (
      <Surface>
        {/* A new form when the dataset arrives or changes, so its values are the initial ones. */}
        <DatasetForm key={`${dataset.id}:${dataset.updatedAt}`} dataset={dataset} />
      </Surface>
    );
  return (
    <Page>
      <PageHeader
        back={<BackToDataset id={id} name={dataset?.name} />}
        title={dataset ? t('datasets.edit.title', { name: dataset.name }) : t('datasets.edit.titleLoading')}
        description={t('datasets.edit.description')}
      />
      {body}
    </Page>
  );
}
