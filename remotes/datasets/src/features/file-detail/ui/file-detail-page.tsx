import {
  Banner,
  Button,
  Card,
  Descriptions,
  Pagination,
  Popconfirm,
  Space,
  Spin,
  Switch,
  Tag,
  Tooltip,
  Typography,
  IconDelete,
  IconEdit,
  IconPlus,
  IconRefresh,
} from '@flotilla/shared/ui/semi';
import { $locale, failureText, useDateTime, useT, type DatasetFile, type Segment } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { isFileMoving } from '../../../lib/file-status';
import { formatSize } from '../../../lib/format-size';
import { BackToDataset } from '../../../ui/back-button';
import { FileStatusTag } from '../../../ui/file-status-tag';
import { $dataset, $datasetId, datasetDetailOpened } from '../../dataset-detail/dataset-detail.model';
import {
  $busySegmentIds,
  $file,
  $fileFailure,
  $fileRef,
  $fileStatus,
  $reindexing,
  $segmentChangeFailure,
  $segments,
  $segmentsFailure,
  $segmentsPage,
  $segmentsStatus,
  $segmentsTotal,
  fileDetailClosed,
  fileDetailOpened,
  fileReindexConfirmed,
  fileRetryClicked,
  SEGMENTS_PAGE_SIZE,
  segmentAddOpened,
  segmentDeleteConfirmed,
  segmentEditOpened,
  segmentEnabledToggled,
  segmentsPageChanged,
  segmentsRetryClicked,
} from '../file-detail.model';
import { SegmentEditor } from './segment-editor';

function SegmentCard({ segment }: { segment: Segment }) {
  const t = useT();
  const m = useUnit({ busy: $busySegmentIds, edit: segmentEditOpened, toggled: segmentEnabledToggled, deleted: segmentDeleteConfirmed });
  const busy = m.busy.includes(segment.id);
  const number = segment.position + 1;
  const editLabel = t('datasets.segment.edit', { position: number });
  const deleteLabel = t('datasets.segment.delete', { position: number });
  return (
    <Card
      data-testid="segment"
      bodyStyle={{ display: 'flex', flexDirection: 'column', gap: 8, padding: 12, opacity: segment.enabled ? 1 : 0.6 }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Tag color="blue">#{number}</Tag>
        {!segment.enabled && <Tag color="grey">{t('datasets.segment.disabled')}</Tag>}
        <Typography.Text type="tertiary" size="small">
          {t('datasets.segment.characters', { count: segment.text.length })}
        </Typography.Text>
        <Space spacing={4} style={{ marginLeft: 'auto' }}>
          <Tooltip content={segment.enabled ? t('datasets.segment.disableHint') : t('datasets.segment.enableHint')}>
            <Switch
              size="small"
              checked={segment.enabled}
              loading={busy}
              onChange={(enabled) => m.toggled({ segment, enabled })}
              aria-label={t('datasets.segment.enabled', { position: number })}
            />
          </Tooltip>
          <Tooltip content={editLabel}>
            <Button size="small" theme="borderless" icon={<IconEdit />} aria-label={editLabel} disabled={busy} onClick={() => m.edit(segment)} />
          </Tooltip>
          <Popconfirm
            title={t('datasets.segment.deleteTitle', { position: number })}
            content={t('datasets.segment.deleteContent')}
            okType="danger"
            okText={t('datasets.delete.ok')}
            cancelText={t('datasets.cancel')}
            // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
            okButtonProps={{ 'aria-label': t('datasets.delete.ok') }}
            cancelButtonProps={{ 'aria-label': t('datasets.cancel') }}
            onConfirm={() => {
              m.deleted(segment);
            }}
          >
            <Button size="small" theme="borderless" type="danger" icon={<IconDelete />} aria-label={deleteLabel} disabled={busy} />
          </Popconfirm>
        </Space>
      </div>
      {segment.question !== undefined ? (
        <div>
          <Typography.Paragraph strong>{t('datasets.segment.question', { text: segment.question })}</Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{t('datasets.segment.answer', { text: segment.answer ?? '' })}</Typography.Paragraph>
        </div>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{segment.text}</Typography.Paragraph>
      )}
    </Card>
  );
}

function Segments({ file }: { file: DatasetFile }) {
  const t = useT();
  const m = useUnit({
    segments: $segments,
    total: $segmentsTotal,
    page: $segmentsPage,
    status: $segmentsStatus,
    failure: $segmentsFailure,
    changeFailure: $segmentChangeFailure,
    paged: segmentsPageChanged,
    retried: segmentsRetryClicked,
  });
  let body;
  if (m.status === 'error') {
    body = <ErrorState title={t('datasets.segment.loadFailed')} description={m.failure ? failureText(m.failure, t) : undefined} onRetry={m.retried} />;
  } else if (m.status === 'loading' && m.segments.length === 0) {
    body = <Spin style={{ width: '100%', padding: 32 }} />;
  } else if (m.segments.length === 0) {
    body = isFileMoving(file.status) ? (
      <EmptyState title={t('datasets.segment.waiting')} description={t('datasets.segment.waitingHint')} />
    ) : (
      <EmptyState title={t('datasets.segment.empty')} description={t('datasets.segment.emptyHint')} />
    );
  } else {
    body = (
      <Spin spinning={m.status === 'loading'}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {m.segments.map((segment) => (
            <SegmentCard key={segment.id} segment={segment} />
          ))}
        </div>
      </Spin>
    );
  }
  return (
    <>
      <Typography.Title heading={6} style={{ margin: 0 }}>
        {t('datasets.segment.title', { count: m.total })}
      </Typography.Title>
      {m.changeFailure && (
        <Banner type="danger" fullMode={false} closeIcon={null} title={t('datasets.segment.changeFailed')} description={failureText(m.changeFailure, t)} />
      )}
      {body}
      {m.total > SEGMENTS_PAGE_SIZE && (
        <Pagination total={m.total} pageSize={SEGMENTS_PAGE_SIZE} currentPage={m.page} onPageChange={m.paged} style={{ alignSelf: 'center' }} />
      )}
    </>
  );
}

function ParseState({ file }: { file: DatasetFile }) {
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
          <ErrorState title={t('datasets.file.loadFailed')} description={m.failure ? failureText(m.failure, t) : undefined} onRetry={m.retried} />
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
    { key: t('datasets.field.chunking'), value: t('datasets.detail.chunking', { size: file.chunkSize, overlap: file.overlap }) },
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
