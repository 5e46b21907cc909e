import {
  Banner,
  Button,
  Input,
  Popconfirm,
  Table,
  Tag,
  Tooltip,
  Typography,
  IconDelete,
  IconRefresh,
  IconSearch,
  IconUpload,
} from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { $locale, failureText, FILE_STATUSES, useDateTime, useT, type DatasetFile } from '@flotilla/shared';
import { EmptyState, ErrorState, LabelledSelect } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ALL_FILES, uploadFolderOf } from '../../../lib/folders';
import { formatSize } from '../../../lib/format-size';
import { datasetUploadPath, fileDetailPath } from '../../../lib/paths';
import { FileStatusTag } from '../../../ui/file-status-tag';
import {
  $deletingFiles,
  $fileActionFailure,
  $fileStatusFilter,
  $refreshing,
  $reindexingIds,
  $selectedFileIds,
  $selectedFolder,
  fileList,
  fileReindexClicked,
  fileSelectionChanged,
  fileStatusFilterChanged,
  selectedFilesDeleteConfirmed,
  type FileStatusFilter,
} from '../dataset-files.model';

const STATUS_FILTERS: FileStatusFilter[] = ['all', ...FILE_STATUSES];

/** The files of the folder selected in the tree: search, status filter, paging, bulk delete, re-index. */
export function FileList({ datasetId, canManage }: { datasetId: string; canManage: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const formatDate = useDateTime();
  const m = useUnit({
    locale: $locale,
    items: fileList.$items,
    total: fileList.$total,
    status: fileList.$status,
    loading: fileList.$loading,
    failure: fileList.$failure,
    page: fileList.$page,
    pageSize: fileList.$pageSize,
    searchText: fileList.$searchText,
    keyword: fileList.$keyword,
    folder: $selectedFolder,
    statusFilter: $fileStatusFilter,
    selected: $selectedFileIds,
    deleting: $deletingFiles,
    actionFailure: $fileActionFailure,
    reindexing: $reindexingIds,
    refreshing: $refreshing,
    searched: fileList.keywordChanged,
    paged: fileList.pageChanged,
    retried: fileList.reloadRequested,
    statusChanged: fileStatusFilterChanged,
    selectionChanged: fileSelectionChanged,
    deleteConfirmed: selectedFilesDeleteConfirmed,
    reindexClicked: fileReindexClicked,
  });

  const { locale, reindexing, reindexClicked } = m;
  const columns = useMemo<ColumnProps<DatasetFile>[]>(() => {
    const base: ColumnProps<DatasetFile>[] = [
      {
        title: t('datasets.files.column.name'),
        dataIndex: 'name',
        render: (_, file) => (
          <Link to={fileDetailPath(file.datasetId, file.id)} style={{ wordBreak: 'break-all' }}>
            {file.name}
          </Link>
        ),
      },
      {
        title: t('datasets.files.column.type'),
        dataIndex: 'type',
        width: 90,
        render: (_, file) => <Tag>{t(`datasets.fileType.${file.type}`)}</Tag>,
      },
      {
        title: t('datasets.files.column.size'),
        dataIndex: 'size',
        width: 100,
        align: 'right',
        render: (_, file) => formatSize(file.size, locale),
      },
      {
        title: t('datasets.files.column.status'),
        dataIndex: 'status',
        width: 110,
        render: (_, file) => <FileStatusTag status={file.status} error={file.error} />,
      },
      { title: t('datasets.files.column.segments'), dataIndex: 'segmentCount', width: 100, align: 'right' },
      {
        title: t('datasets.files.column.updatedAt'),
        dataIndex: 'updatedAt',
        width: 180,
        render: (_, file) => formatDate(file.updatedAt),
      },
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        title: t('datasets.files.column.actions'),
        dataIndex: 'actions',
        width: 80,
        render: (_, file) => {
          const label = t('datasets.files.reindex', { name: file.name });
          return (
            <Tooltip content={label}>
              <Button
                theme="borderless"
                icon={<IconRefresh />}
                aria-label={label}
                loading={reindexing.includes(file.id)}
                disabled={file.status === 'queued' || file.status === 'parsing'}
                onClick={() => reindexClicked(file)}
              />
            </Tooltip>
          );
        },
      },
    ];
  }, [t, formatDate, canManage, locale, reindexing, reindexClicked]);

  const filtered = m.keyword !== '' || m.statusFilter !== 'all' || m.folder !== ALL_FILES;
  const uploadButton = canManage && (
    <Button icon={<IconUpload />} onClick={() => navigate(datasetUploadPath(datasetId, uploadFolderOf(m.folder)))}>
      {t('datasets.files.upload')}
    </Button>
  );
  const empty = filtered ? (
    <EmptyState title={t('datasets.files.noMatch')} description={t('datasets.files.noMatchHint')} />
  ) : (
    <EmptyState title={t('datasets.files.empty')} description={t('datasets.files.emptyHint')} action={uploadButton} />
  );
  const deleteText = t('datasets.files.deleteSelected', { count: m.selected.length });

  return (
    <>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <Input
            prefix={<IconSearch />}
            showClear
            value={m.searchText}
            onChange={(value) => m.searched(value)}
            placeholder={t('datasets.files.search')}
            aria-label={t('datasets.files.search')}
            style={{ width: 240, maxWidth: '100%' }}
          />
          <LabelledSelect
            value={m.statusFilter}
            // onSelect, not onChange: a controlled Select reports the change only after its closing animation.
            onSelect={(value) => m.statusChanged(value as FileStatusFilter)}
            label={t('datasets.files.statusFilter')}
            style={{ width: 150 }}
            optionList={STATUS_FILTERS.map((status) => ({
              value: status,
              label: status === 'all' ? t('datasets.files.allStatuses') : t(`datasets.fileStatus.${status}`),
            }))}
          />
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          {m.status === 'ready' && (
            <Typography.Text type="tertiary">{t('datasets.files.total', { count: m.total })}</Typography.Text>
          )}
          {canManage && (
            <Popconfirm
              title={t('datasets.files.deleteTitle', { count: m.selected.length })}
              content={t('datasets.files.deleteContent')}
              okType="danger"
              okText={t('datasets.delete.ok')}
              cancelText={t('datasets.cancel')}
              // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
              okButtonProps={{ 'aria-label': t('datasets.delete.ok') }}
              cancelButtonProps={{ 'aria-label': t('datasets.cancel') }}
              disabled={m.selected.length === 0}
              onConfirm={() => {
                m.deleteConfirmed();
              }}
            >
              <Button type="danger" icon={<IconDelete />} disabled={m.selected.length === 0} loading={m.deleting}>
                {deleteText}
              </Button>
            </Popconfirm>
          )}
          {uploadButton}
        </div>
      </div>
      {m.actionFailure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('datasets.files.actionFailed')}
          description={failureText(m.actionFailure, t)}
        />
      )}
      {m.status === 'error' ? (
        <ErrorState
          title={t('datasets.files.loadFailed')}
          description={m.failure ? failureText(m.failure, t) : undefined}
          onRetry={m.retried}
        />
      ) : (
        <Table<DatasetFile>
          rowKey="id"
          columns={columns}
          dataSource={m.items}
          loading={m.loading && !m.refreshing}
          empty={m.loading ? <div style={{ height: 120 }} /> : empty}
          rowSelection={
            canManage
              ? {
                  selectedRowKeys: m.selected,
                  onChange: (keys) => m.selectionChanged((keys ?? []).map(String)),
                  getCheckboxProps: (file: DatasetFile) => ({
                    'aria-label': t('datasets.files.select', { name: file.name }),
                  }),
                }
              : undefined
          }
          pagination={
            m.total > m.pageSize
              ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.paged }
              : false
          }
        />
      )}
    </>
  );
}
