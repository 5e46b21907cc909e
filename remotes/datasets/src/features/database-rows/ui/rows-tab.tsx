import {
  Button,
  Popconfirm,
  Space,
  Spin,
  Table,
  Typography,
  IconDelete,
  IconEdit,
  IconPlus,
} from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useT, type Database, type DatabaseRow } from '@flotilla/shared';
import { EmptyState, ErrorState, LabelledSelect, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { textOfCell } from '../../../lib/cells';
import {
  $shownTable,
  $tables,
  $tablesStatus,
  tableSelected,
  tablesShown,
} from '../../database-tables/database-tables.model';
import {
  $deletingRows,
  $rowDialog,
  rowCreateClicked,
  rowDeleteConfirmed,
  rowEditClicked,
  rowIdOf,
  rowList,
  rowsShown,
} from '../database-rows.model';
import { RowFormModal } from './row-form-modal';

const cellStyle = {
  display: 'block',
  maxWidth: 280,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** The Rows tab: a page of the chosen table's rows; a built-in table's rows can be added, edited and deleted. */
export function RowsTab({ database }: { database: Database }) {
  const t = useT();
  const m = useUnit({
    tables: $tables,
    tablesStatus: $tablesStatus,
    table: $shownTable,
    rows: rowList.$items,
    total: rowList.$total,
    page: rowList.$page,
    pageSize: rowList.$pageSize,
    status: rowList.$status,
    failure: rowList.$failure,
    dialog: $rowDialog,
    deleting: $deletingRows,
    tablesShown,
    tableSelected,
    rowsShown,
    pageChanged: rowList.pageChanged,
    retried: rowList.reloadRequested,
    createClicked: rowCreateClicked,
    editClicked: rowEditClicked,
    deleteConfirmed: rowDeleteConfirmed,
  });
  const editable = database.kind === 'builtin';
  const { tablesShown: showTables, rowsShown: showRows } = m;
  useEffect(() => {
    showTables(database.id);
  }, [database.id, showTables]);
  const tableName = m.table && !m.table.gone ? m.table.name : null;
  useEffect(() => {
    if (tableName) showRows({ databaseId: database.id, table: tableName });
  }, [database.id, tableName, showRows]);

  const { editClicked, deleteConfirmed, deleting } = m;
  const columns = useMemo<ColumnProps<DatabaseRow>[]>(() => {
    const fromTable: ColumnProps<DatabaseRow>[] = (m.table?.columns ?? []).map((column) => ({
      title: column.name,
      dataIndex: column.name,
      render: (_: unknown, row: DatabaseRow) => {
        const text = textOfCell(row[column.name]);
        return text === '' ? (
          <Typography.Text type="quaternary">NULL</Typography.Text>
        ) : (
          <span style={cellStyle} title={text}>
            {text}
          </span>
        );
      },
    }));
    if (!editable) return fromTable;
    return [
      ...fromTable,
      {
        title: t('datasets.database.rows.actions'),
        dataIndex: 'actions',
        fixed: 'right',
        width: 110,
        render: (_: unknown, row: DatabaseRow) => (
          <Space spacing={4}>
            <Button
              theme="borderless"
              icon={<IconEdit />}
              aria-label={t('datasets.database.rows.edit', { row: rowIdOf(row) })}
              onClick={() => editClicked(row)}
            />
            <Popconfirm
              title={t('datasets.database.rows.deleteTitle', { row: rowIdOf(row) })}
              content={t('datasets.database.rows.deleteContent')}
              okText={t('datasets.database.rows.deleteOk')}
              cancelText={t('datasets.cancel')}
              okType="danger"
              okButtonProps={{ 'aria-label': t('datasets.database.rows.deleteOk') }}
              cancelButtonProps={{ 'aria-label': t('datasets.cancel') }}
              onConfirm={() => {
                deleteConfirmed(row);
              }}
            >
              <Button
                type="danger"
                theme="borderless"
                icon={<IconDelete />}
                loading={deleting.includes(rowIdOf(row) ?? 0)}
                aria-label={t('datasets.database.rows.delete', { row: rowIdOf(row) })}
              />
            </Popconfirm>
          </Space>
        ),
      },
    ];
  }, [m.table, editable, t, editClicked, deleteConfirmed, deleting]);

  if (m.tablesStatus === 'loading' && m.tables.length === 0)
    return <Spin size="large" style={{ width: '100%', padding: 48 }} />;
  const choices = m.tables.filter((table) => !table.gone);
  if (choices.length === 0)
    return (
      <EmptyState title={t('datasets.database.tables.empty')} description={t('datasets.database.tables.emptyHint')} />
    );

  return (
    <Surface>
      <div
        style={{ display: 'flex', gap: 12, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
          <LabelledSelect
            label={t('datasets.database.rows.table')}
            value={tableName ?? undefined}
            optionList={choices.map((table) => ({ value: table.name, label: table.name }))}
            onChange={(value) => m.tableSelected(String(value))}
            filter
            motion={false}
            style={{ width: 260, maxWidth: '100%' }}
          />
          {m.status === 'ready' && (
            <Typography.Text type="tertiary">{t('datasets.database.rows.total', { count: m.total })}</Typography.Text>
          )}
        </div>
        {editable && tableName && (
          <Button icon={<IconPlus />} onClick={m.createClicked}>
            {t('datasets.database.rows.add')}
          </Button>
        )}
      </div>
      {m.status === 'error' ? (
        <ErrorState
          title={t('datasets.database.rows.loadFailed')}
          description={m.failure ? failureText(m.failure, t) : undefined}
          onRetry={m.retried}
        />
      ) : (
        <Table<DatabaseRow>
          rowKey={(row?: DatabaseRow) => (row ? String(rowIdOf(row) ?? JSON.stringify(row)) : '')}
          columns={columns}
          dataSource={m.rows}
          loading={m.status === 'loading' || m.status === 'idle'}
          size="small"
          empty={<EmptyState title={t('datasets.database.rows.empty')} />}
          // On a phone the columns scroll sideways instead of squeezing.
          scroll={{ x: Math.max(640, columns.length * 140) }}
          pagination={
            m.total > m.pageSize
              ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.pageChanged }
              : false
          }
        />
      )}
      {m.dialog && m.table && (
        <RowFormModal
          key={m.dialog.mode === 'edit' ? m.dialog.rowId : 'new'}
          columns={m.table.columns}
          row={m.dialog.mode === 'edit' ? m.dialog.row : null}
        />
      )}
    </Surface>
  );
}
