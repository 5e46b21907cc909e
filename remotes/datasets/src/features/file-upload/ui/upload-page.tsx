import { Spin, TabPane, Tabs, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { BackToDataset } from '../../../ui/back-to-dataset';
import { cataloguesOpened } from '../../catalogues/catalogues.model';
import {
  $dataset,
  $datasetId,
  $detailFailure,
  $detailStatus,
  datasetDetailOpened,
  datasetDetailRetryClicked,
} from '../../dataset-detail/dataset-detail.model';
import { uploadPageClosed, uploadPageOpened } from '../file-upload.model';
import { QaEditor } from './qa-editor';
import { QaImport } from './qa-import';
import { columns } from './columns';
import { DocumentsTab } from './documents-tab';

/** `/dataset/:id?/uploadFile`: documents (with their split settings) and QA pairs (imported or typed) into a dataset. */
export function UploadPage() {
  const t = useT();
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const catalogueId = searchParams.get('catalogueId');
  const tab = searchParams.get('tab') === 'qa' ? 'qa' : 'documents';
  const m = useUnit({
    shownId: $datasetId,
    dataset: $dataset,
    status: $detailStatus,
    failure: $detailFailure,
    datasetOpened: datasetDetailOpened,
    retried: datasetDetailRetryClicked,
    cataloguesOpened,
    opened: uploadPageOpened,
    closed: uploadPageClosed,
  });
  const { datasetOpened, cataloguesOpened: openCatalogues, opened, closed } = m;
  useEffect(() => {
    datasetOpened(id);
    if (!id) return;
    openCatalogues(id);
    opened({ datasetId: id, catalogueId });
    return closed;
  }, [id, catalogueId, datasetOpened, openCatalogues, opened, closed]);

  // Until the model has caught up with the route (first render), the stored dataset is another one.
  const current = m.shownId === (id || null);
  const status = current ? m.status : 'loading';
  const dataset = current ? m.dataset : null;
  const back = id ? <BackToDataset id={id} name={dataset?.name} /> : null;

  if (!id || status === 'not-found') {
    return (
      <Page>
        {back}
        <EmptyState title={t('datasets.detail.notFound')} description={t('datasets.detail.notFoundHint')} />
      </Page>
    );
  }
  if (!dataset) {
    return (
      <Page>
        {back}
        {status === 'error' ? (
          <ErrorState
            title={t('datasets.detail.loadFailed')}
            description={m.failure ? failureText(m.failure, t) : undefined}
            onRetry={m.retried}
          />
        ) : (
          <Spin size="large" tip={t('datasets.detail.loading')} style={{ width: '100%', padding: 48 }} />
        )}
      </Page>
    );
  }

  return (
    <Page>
      <PageHeader
        back={back}
        title={t('datasets.upload.title', { name: dataset.name })}
        description={t('datasets.upload.description')}
      />
      <Tabs
        type="line"
        activeKey={tab}
        onChange={(key) => {
          const next = new URLSearchParams(searchParams);
          if (key === 'qa') next.set('tab', 'qa');
          else next.delete('tab');
          setSearchParams(next, { replace: true });
        }}
      >
        <TabPane tab={t('datasets.upload.tab.documents')} itemKey="documents">
          <div style={{ paddingTop: 12 }}>
            <DocumentsTab datasetId={dataset.id} />
          </div>
        </TabPane>
        <TabPane tab={t('datasets.upload.tab.qa')} itemKey="qa">
          <div style={{ paddingTop: 12, ...columns }}>
            <div style={{ flex: '1 1 360px', minWidth: 0 }}>
              <Surface>
                <QaImport />
              </Surface>
            </div>
            <div style={{ flex: '2 1 520px', minWidth: 0 }}>
              <Surface>
                <QaEditor />
              </Surface>
            </div>
          </div>
          <Typography.Text type="tertiary" size="small">
            {t('datasets.qa.note')}
          </Typography.Text>
        </TabPane>
      </Tabs>
    </Page>
  );
}
