import {
  Button,
  Popconfirm,
  Space,
  Tag,
  Tooltip,
  Typography,
  IconDelete,
  IconEdit,
  IconPlus,
} from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { ADMINS, OPERATORS, useDateTime, usePermission, useT, type Database } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { databaseDetailPath } from '../../../lib/database-paths';
import {
  $formDialog,
  databaseCreateClicked,
  databaseDeleteConfirmed,
  databaseEditClicked,
  databaseList,
  databasesPageOpened,
} from '../database-list.model';
import { DatabaseFormModal } from './database-form-modal';
import { kindLabelId } from '../../../lib/database-kind';

const stopPropagation = (event: MouseEvent) => event.stopPropagation();
// On a phone the table scrolls sideways instead of squeezing its columns.
const scroller = { overflowX: 'auto' } as const;
const tableWidth = { minWidth: 760 } as const;

/** `/database`: the databases robots may read, searched and paged on the server. */
export function DatabaseListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const canManage = usePermission(OPERATORS);
  const isAdmin = usePermission(ADMINS);
  const m = useUnit({
    keyword: databaseList.$keyword,
    deletingIds: databaseList.$deletingIds,
    dialog: $formDialog,
    opened: databasesPageOpened,
    createClicked: databaseCreateClicked,
    editClicked: databaseEditClicked,
    deleteConfirmed: databaseDeleteConfirmed,
  });
  const { opened } = m;
  useEffect(() => {
    opened();
  }, [opened]);

  const createButton = canManage && (
    <Button theme="solid" type="primary" icon={<IconPlus />} onClick={m.createClicked}>
      {t('datasets.database.list.create')}
    </Button>
  );

  const { deleteConfirmed, deletingIds, editClicked } = m;
  const columns = useMemo<ColumnProps<Database>[]>(() => {
    const base: ColumnProps<Database>[] = [
      {
        title: t('datasets.database.list.column.name'),
        dataIndex: 'name',
        render: (_, database) => (
          <Link to={databaseDetailPath(database.id)} onClick={stopPropagation}>
            {database.name}
          </Link>
        ),
      },
      {
        title: t('datasets.database.list.column.kind'),
        dataIndex: 'kind',
        width: 130,
        render: (_, database) => <Tag>{t(kindLabelId(database.kind))}</Tag>,
      },
      {
        title: t('datasets.database.list.column.address'),
        dataIndex: 'host',
        render: (_, database) =>
          database.kind === 'builtin' ? (
            <Typography.Text type="tertiary">{t('datasets.database.list.builtinAddress')}</Typography.Text>
          ) : (
            <Typography.Text>{`${database.host}:${database.port}/${database.database}`}</Typography.Text>
          ),
      },
      {
        title: t('datasets.database.list.column.updatedAt'),
        dataIndex: 'updatedAt',
        width: 190,
        render: (_, database) => formatDate(database.updatedAt),
      },
    ];
    if (!canManage) return base;
    return [
      ...base,
      {
        title: t('datasets.database.list.column.actions'),
        dataIndex: 'actions',
        width: 150,
        render: (_, database) =>
          // External databases are the admins' to change (the server refuses others).
          (database.kind === 'builtin' || isAdmin) && (
            // The confirmation renders in a portal, but React still bubbles its clicks to the row.
            <div onClick={stopPropagation}>
              <Space spacing={4}>
                <Tooltip content={t('datasets.database.list.edit', { name: database.name })}>
                  <Button
                    theme="borderless"
                    icon={<IconEdit />}
                    aria-label={t('datasets.database.list.edit', { name: database.name })}
                    onClick={() => editClicked(database)}
                  />
                </Tooltip>
                <Popconfirm
                  title={t('datasets.database.delete.title', { name: database.name })}
                  content={t(
                    database.kind === 'builtin'
                      ? 'datasets.database.delete.builtinContent'
                      : 'datasets.database.delete.externalContent',
                  )}
                  okText={t('datasets.database.delete.ok')}
                  cancelText={t('datasets.cancel')}
                  okType="danger"
                  okButtonProps={{ 'aria-label': t('datasets.database.delete.ok') }}
                  cancelButtonProps={{ 'aria-label': t('datasets.cancel') }}
                  onConfirm={() => {
                    deleteConfirmed(database);
                  }}
                >
                  <Button
                    type="danger"
                    theme="borderless"
                    icon={<IconDelete />}
                    aria-label={t('datasets.database.list.delete', { name: database.name })}
                    loading={deletingIds.includes(database.id)}
                  />
                </Popconfirm>
              </Space>
            </div>
          ),
      },
    ];
  }, [t, formatDate, canManage, isAdmin, editClicked, deleteConfirmed, deletingIds]);

  const empty = m.keyword ? (
    <EmptyState
      title={t('datasets.database.list.noMatch', { keyword: m.keyword })}
      description={t('datasets.database.list.noMatchHint')}
    />
  ) : (
    <EmptyState
      title={t('datasets.database.list.empty')}
      description={t('datasets.database.list.emptyHint')}
      action={createButton}
    />
  );

  return (
    <Page>
      <PageHeader
        title={t('datasets.database.list.title')}
        description={t('datasets.database.list.description')}
        extra={createButton}
      />
      <Surface>
        <div style={scroller}>
          <div style={tableWidth}>
            <PagedTable
              list={databaseList}
              rowKey="id"
              columns={columns}
              onRow={(database) =>
                database
                  ? { onClick: () => navigate(databaseDetailPath(database.id)), style: { cursor: 'pointer' } }
                  : {}
              }
              searchLabel={t('datasets.database.list.search')}
              totalLabel={(count) => t('datasets.database.list.total', { count })}
              empty={empty}
              failedTitle={t('datasets.database.list.loadFailed')}
            />
          </div>
        </div>
      </Surface>
      {m.dialog && (
        <DatabaseFormModal
          key={m.dialog.mode === 'edit' ? m.dialog.database.id : 'new'}
          database={m.dialog.mode === 'edit' ? m.dialog.database : null}
        />
      )}
    </Page>
  );
}
