import { Button, Descriptions, Popconfirm, Spin, IconPlus, IconRefresh } from '@flotilla/shared/ui/semi';
import { $locale, failureText, useDateTime, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { isFileMoving } from '../../../lib/file-status';
import { formatSize } from '../../../lib/format-size';
import { BackToDataset } from '../../../ui/back-to-dataset';
import { FileStatusTag } from '../../../ui/file-status-tag';
import { $dataset, $datasetId, datasetDetailOpened } from '../../dataset-detail/dataset-detail.model';
import {
  $file,
  $fileFailure,
  $fileRef,
  $fileStatus,
  $reindexing,
  fileDetailClosed,
  fileDetailOpened,
  fileReindexConfirmed,
  fileRetryClicked,
  segmentAddOpened,
} from '../file-detail.model';
import { SegmentEditor } from './segment-editor';
import { ParseState } from './parse-state';
import { Segments } from './segments';

/** `/dataset/:id?/file-detail/:fid?`: one file — its parse state, its segments (edit, switch off, delete, add), re-index. */
export function FileDetailPage() {
  const t = useT();
  const formatDate = useDateTime();
  const { id, fid } = useParams();
  const m = useUnit({
    locale: $locale,
    ref: $fileRef,
    file: $file,
    status: $fileStatus,
    failure: $fileFailure,
    datasetId: $datasetId,
    dataset: $dataset,
    reindexing: $reindexing,
    opened: fileDetailOpened,
    closed: fileDetailClosed,
    retried: fileRetryClicked,
    datasetOpened: datasetDetailOpened,
    reindex: fileReindexConfirmed,
    add: segmentAddOpened,
  });
  const { opened, closed, datasetOpened } = m;
  useEffect(() => {
    if (!id || !fid) return;
    datasetOpened(id);
    opened({ datasetId: id, fileId: fid });
    return closed;
  }, [id, fid, opened, closed, datasetOpened]);

  const datasetName = m.datasetId === id ? m.dataset?.name : null;
  const back = id ? <BackToDataset id={id} name={datasetName} /> : null;
  // Until the model has caught up with the route (first render), the stored state is another file's.
  const current = m.ref?.datasetId === id && m.ref?.fileId === fid;
  const file = current ? m.file : null;
  const status = !id || !fid ? 'not-found' : current ? m.status : 'loading';

  if (status === 'not-found') {
    return (
      <Page>
        {back}
        <EmptyState title={t('datasets.file.notFound')} description={t('datasets.file.notFoundHint')} />
      </Page>
    );
  }
  if (!file) {
    return (
      <Page>
        {back}
        {status === 'error' ? (
          <ErrorState
            title={t('datasets.file.loadFailed')}
            description={m.failure ? failureText(m.failure, t) : undefined}
            onRetry={m.retried}
          />
        ) : (
          <Spin size="large" tip={t('datasets.file.loading')} style={{ width: '100%', padding: 48 }} />
        )}
      </Page>
    );
  }

  const fields = [
    { key: t('datasets.files.column.status'), value: <FileStatusTag status={file.status} error={file.error} /> },
    { key: t('datasets.files.column.type'), value: t(`datasets.fileType.${file.type}`) },
    { key: t('datasets.files.column.size'), value: formatSize(file.size, m.locale) },
    { key: t('datasets.files.column.segments'), value: file.segmentCount },
    {
      key: t('datasets.field.chunking'),
      value: t('datasets.detail.chunking', { size: file.chunkSize, overlap: file.overlap }),
    },
    { key: t('datasets.files.column.updatedAt'), value: formatDate(file.updatedAt) },
  ];
  const moving = isFileMoving(file.status);
  const canAdd = file.type !== 'qa' && !moving;

  return (
    <Page>
      <PageHeader
        back={back}
        title={file.name}
        extra={
          <>
            <Popconfirm
              title={t('datasets.file.reindexTitle')}
              content={t('datasets.file.reindexContent')}
              okText={t('datasets.file.reindex')}
              cancelText={t('datasets.cancel')}
              // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
              okButtonProps={{ 'aria-label': t('datasets.file.reindex') }}
              cancelButtonProps={{ 'aria-label': t('datasets.cancel') }}
              disabled={moving}
              onConfirm={() => {
                m.reindex();
              }}
            >
              <Button icon={<IconRefresh />} loading={m.reindexing} disabled={moving}>
                {t('datasets.file.reindex')}
              </Button>
            </Popconfirm>
            {canAdd && (
              <Button theme="solid" type="primary" icon={<IconPlus />} onClick={() => m.add()}>
                {t('datasets.segment.add')}
              </Button>
            )}
          </>
        }
      />
      <ParseState file={file} />
      <Surface>
        <Descriptions row size="small" data={fields} />
      </Surface>
      <Surface>
        <Segments file={file} />
      </Surface>
      <SegmentEditor />
    </Page>
  );
}
