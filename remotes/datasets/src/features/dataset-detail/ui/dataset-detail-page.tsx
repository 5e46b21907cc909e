import { Button, Descriptions, Spin, TabPane, Tabs, Typography, IconEdit, IconUpload } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, usePermission, useT, type Dataset } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { uploadFolderOf } from '../../../lib/folders';
import { DATASET_TABS, datasetEditPath, datasetUploadPath, type DatasetTab } from '../../../lib/paths';
import { BackToDatasets } from '../../../ui/back-button';
import { cataloguesOpened } from '../../catalogues/catalogues.model';
import { CatalogueDialog } from '../../catalogues/ui/catalogue-dialog';
import { CatalogueTree } from '../../catalogues/ui/catalogue-tree';
import { DATASET_MANAGER_ROLES } from '../../datasets/datasets.model';
import { $selectedFolder, filesClosed, filesOpened, folderSelected } from '../../dataset-files/dataset-files.model';
import { FileList } from '../../dataset-files/ui/file-list';
import { SearchTestPanel } from '../../search-test/ui/search-test-panel';
import { $dataset, $detailFailure, $detailStatus, $datasetId, datasetDetailOpened, datasetDetailRetryClicked } from '../dataset-detail.model';

function isTab(value: string | null): value is DatasetTab {
  return (DATASET_TABS as readonly (string | null)[]).includes(value);
}

/** The files tab: the folder tree beside the files of the selected folder. */
function FilesTab({ datasetId, canManage }: { datasetId: string; canManage: boolean }) {
  const m = useUnit({ folder: $selectedFolder, opened: filesOpened, closed: filesClosed, selected: folderSelected });
  const { opened, closed } = m;
  useEffect(() => {
    opened(datasetId);
    return closed;
  }, [datasetId, opened, closed]);
  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <div style={{ flex: '0 0 260px', maxWidth: '100%' }}>
        <Surface>
          <CatalogueTree selected={m.folder} onSelect={m.selected} canManage={canManage} />
        </Surface>
      </div>
      <div style={{ flex: '1 1 520px', minWidth: 0 }}>
        <Surface>
          <FileList datasetId={datasetId} canManage={canManage} />
        </Surface>
      </div>
      <CatalogueDialog />
    </div>
  );
}

function Facts({ dataset }: { dataset: Dataset }) {
  const t = useT();
  const formatDate = useDateTime();
  const fields = [
    { key: t('datasets.field.files'), value: t('datasets.detail.files', { count: dataset.fileCount }) },
    { key: t('datasets.field.segments'), value: t('datasets.detail.segments', { count: dataset.segmentCount }) },
    { key: t('datasets.field.chunking'), value: t('datasets.detail.chunking', { size: dataset.chunkSize, overlap: dataset.overlap }) },
    { key: t('datasets.field.embedding'), value: dataset.embeddingModel ?? t('datasets.detail.fulltextOnly') },
    { key: t('datasets.field.id'), value: <Typography.Text copyable>{dataset.id}</Typography.Text> },
    { key: t('datasets.field.createdAt'), value: formatDate(dataset.createdAt) },
    { key: t('datasets.field.updatedAt'), value: formatDate(dataset.updatedAt) },
  ];
  return <Descriptions row size="small" data={fields} />;
}

/** `/dataset/:id?/detail`: one dataset — its folders and files, and its search test (`?tab=search`). */
export function DatasetDetailPage() {
  const t = useT();
  const navigate = useNavigate();
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const canManage = usePermission(DATASET_MANAGER_ROLES);
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
        <ErrorState title={t('datasets.detail.loadFailed')} description={m.failure ? failureText(m.failure, t) : undefined} onRetry={m.retried} />
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
      <Button theme="solid" type="primary" icon={<IconUpload />} onClick={() => navigate(datasetUploadPath(dataset.id, uploadFolderOf(m.folder)))}>
        {t('datasets.files.upload')}
      </Button>
    </>
  ) : undefined;

  return (
    <Page>
      <PageHeader
        back={<BackToDatasets />}
        title={dataset.name}
        description={dataset.description || <Typography.Text type="quaternary">{t('datasets.detail.noDescription')}</Typography.Text>}
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
