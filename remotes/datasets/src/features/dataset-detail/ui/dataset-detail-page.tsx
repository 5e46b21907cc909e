import { Button, Spin, TabPane, Tabs, Typography, IconEdit, IconUpload } from '@flotilla/shared/ui/semi';
import { failureText, OPERATORS, usePermission, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { uploadFolderOf } from '../../../lib/folders';
import { DATASET_TABS, datasetEditPath, datasetUploadPath, type DatasetTab } from '../../../lib/paths';
import { BackToDatasets } from '../../../ui/back-to-datasets';
import { cataloguesOpened } from '../../catalogues/catalogues.model';

import { $selectedFolder } from '../../dataset-files/dataset-files.model';
import { SearchTestPanel } from '../../search-test/ui/search-test-panel';
import {
  $dataset,
  $detailFailure,
  $detailStatus,
  $datasetId,
  datasetDetailOpened,
  datasetDetailRetryClicked,
} from '../dataset-detail.model';
import { Facts } from './facts';
import { FilesTab } from './files-tab';

function isTab(value: string | null): value is DatasetTab {
  return (DATASET_TABS as readonly (string | null)[]).includes(value);
}

/** `/dataset/:id?/detail`: one dataset — its folders and files, and its search test (`?tab=search`). */
export function DatasetDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const canManage = usePermission(OPERATORS);
  const m = useUnit({
    shownId: $datasetId,
    dataset: $dataset,
    status: $detailStatus,
    failure: $detailFailure,
    opened: datasetDetailOpened,
    retried: datasetDetailRetryClicked,
    cataloguesOpened,
    folder: $selectedFolder,
  });
  const { opened, cataloguesOpened: openCatalogues } = m;
  useEffect(() => {
    opened(id);
    if (id) openCatalogues(id);
  }, [id, opened, openCatalogues]);
  const tabParam = searchParams.get('tab');
  const tab: DatasetTab = isTab(tabParam) ? tabParam : 'files';

  // Until the model has caught up with the route (first render), the stored state is another dataset's.
  const current = m.shownId === (id || null);
  const status = current ? m.status : 'loading';
  const dataset = current ? m.dataset : null;

  if (status === 'not-found') {
    return (
      <Page>
        <BackToDatasets />
        <EmptyState title={t('datasets.detail.notFound')} description={t('datasets.detail.notFoundHint')} />
      </Page>
    );
  }
  if (status === 'error' && !dataset) {
    return (
      <Page>
        <BackToDatasets />
        <ErrorState
          title={t('datasets.detail.loadFailed')}
          description={m.failure ? failureText(m.failure, t) : undefined}
          onRetry={m.retried}
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

  const actions = canManage ? (
    <>
      {status === 'loading' && <Spin size="small" />}
      <Button icon={<IconEdit />} onClick={() => navigate(datasetEditPath(dataset.id))}>
        {t('datasets.detail.edit')}
      </Button>
      <Button
        theme="solid"
        type="primary"
        icon={<IconUpload />}
        onClick={() => navigate(datasetUploadPath(dataset.id, uploadFolderOf(m.folder)))}
      >
        {t('datasets.files.upload')}
      </Button>
    </>
  ) : undefined;

  return (
    <Page>
      <PageHeader
        back={<BackToDatasets />}
        title={dataset.name}
        description={
          dataset.description || (
            <Typography.Text type="quaternary">{t('datasets.detail.noDescription')}</Typography.Text>
          )
        }
        extra={actions}
      />
      <Surface>
        <Facts dataset={dataset} />
      </Surface>
      <Tabs
        type="line"
        activeKey={tab}
        keepDOM={false}
        onChange={(key) => setSearchParams(key === 'files' ? {} : { tab: key }, { replace: true })}
      >
        <TabPane tab={t('datasets.tab.files')} itemKey="files">
          <div style={{ paddingTop: 12 }}>
            <FilesTab datasetId={dataset.id} canManage={canManage} />
          </div>
        </TabPane>
        <TabPane tab={t('datasets.tab.search')} itemKey="search">
          <div style={{ paddingTop: 12 }}>
            <Surface>
              <SearchTestPanel dataset={dataset} />
            </Surface>
          </div>
        </TabPane>
      </Tabs>
    </Page>
  );
}
