import {
  Button,
  Popconfirm,
  Space,
  Tooltip,
  Typography,
  IconDelete,
  IconEdit,
  IconPlus,
} from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { OPERATORS, useDateTime, usePermission, useT, type Dataset } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  DATASET_CREATE_PATH,
  datasetDetailPath,
  datasetEditPath,
  type DatasetListLocationState,
} from '../../../lib/paths';
import { $deletingIds, $keyword, datasetDeleteConfirmed, datasetList, datasetsPageOpened } from '../datasets.model';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();
const ellipsis = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  maxWidth: 360,
} as const;

/** `/dataset`: the datasets of the tenant, searched and paged on the server. */
export function DatasetListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const location = useLocation();
  const canManage = usePermission(OPERATORS);
  const model = useUnit({
    keyword: $keyword,
    deletingIds: $deletingIds,
    opened: datasetsPageOpened,
    deleteConfirmed: datasetDeleteConfirmed,
  });
  const afterCreate = Boolean((location.state as DatasetListLocationState)?.created);
  const { opened } = model;
  useEffect(() => {
    opened({ afterCreate });
  }, [opened, afterCreate]);

  const createButton = canManage && (
    <Button theme="solid" type="primary" icon={<IconPlus />} onClick={() => navigate(DATASET_CREATE_PATH)}>
      {t('datasets.list.create')}
    </Button>
  );

  const { deleteConfirmed, deletingIds } = model;
  const columns = useMemo<ColumnProps<Dataset>[]>(() => {
    const base: ColumnProps<Dataset>[] = [
      {
        title: t('datasets.list.column.name'),
        dataIndex: 'name',
        render: (_, dataset) => (
          <Link to={datasetDetailPath(dataset.id)} onClick={stopPropagation}>
            {dataset.name}
          </Link>
        ),
      },
      {
        title: t('datasets.list.column.description'),
        dataIndex: 'description',
        render: (_, dataset) =>
          dataset.description ? (
            <Typography.Text type="secondary" style={ellipsis}>
              {dataset.description}
            </Typography.Text>
          ) : (
            <Typography.Text type="quaternary">{t('datasets.list.noDescription')}</Typography.Text>
          ),
      },
      { title: t('datasets.list.column.files'), dataIndex: 'fileCount', width: 100, align: 'right' },
      { title: t('datasets.list.column.segments'), dataIndex: 'segmentCount', width: 110, align: 'right' },
      {
        title: t('datasets.list.column.updatedAt'),
        dataIndex: 'updatedAt',
        width: 200,
        render: (_, dataset) => formatDate(dataset.updatedAt),
      },
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        title: t('datasets.list.column.actions'),
        dataIndex: 'actions',
        width: 160,
        render: (_, dataset) => (
          // The confirmation renders in a portal, but React still bubbles its clicks to the row.
          <div onClick={stopPropagation}>
            <Space spacing={4}>
              <Tooltip content={t('datasets.list.edit', { name: dataset.name })}>
                <Button
                  theme="borderless"
                  icon={<IconEdit />}
                  aria-label={t('datasets.list.edit', { name: dataset.name })}
                  onClick={() => navigate(datasetEditPath(dataset.id))}
                />
              </Tooltip>
              <Popconfirm
                title={t('datasets.delete.title', { name: dataset.name })}
                content={t('datasets.delete.content', { files: dataset.fileCount, segments: dataset.segmentCount })}
                okText={t('datasets.delete.ok')}
                cancelText={t('datasets.delete.cancel')}
                okType="danger"
                // Semi labels these buttons "confirm"/"cancel" for screen readers; give them their visible text.
                okButtonProps={{ 'aria-label': t('datasets.delete.ok') }}
                cancelButtonProps={{ 'aria-label': t('datasets.delete.cancel') }}
                onConfirm={() => {
                  deleteConfirmed(dataset);
                }}
              >
                <Button
                  type="danger"
                  theme="borderless"
                  icon={<IconDelete />}
                  loading={deletingIds.includes(dataset.id)}
                >
                  {t('datasets.list.delete')}
                </Button>
              </Popconfirm>
            </Space>
          </div>
        ),
      },
    ];
  }, [t, formatDate, canManage, navigate, deleteConfirmed, deletingIds]);

  const empty = model.keyword ? (
    <EmptyState
      title={t('datasets.list.noMatch', { keyword: model.keyword })}
      description={t('datasets.list.noMatchHint')}
    />
  ) : (
    <EmptyState title={t('datasets.list.empty')} description={t('datasets.list.emptyHint')} action={createButton} />
  );

  return (
    <Page>
      <PageHeader title={t('datasets.list.title')} description={t('datasets.list.description')} extra={createButton} />
      <Surface>
        <PagedTable
          list={datasetList}
          rowKey="id"
          columns={columns}
          onRow={(dataset) =>
            dataset ? { onClick: () => navigate(datasetDetailPath(dataset.id)), style: { cursor: 'pointer' } } : {}
          }
          searchLabel={t('datasets.list.search')}
          totalLabel={(count) => t('datasets.list.total', { count })}
          empty={empty}
          failedTitle={t('datasets.list.loadFailed')}
        />
      </Surface>
    </Page>
  );
}
