import { Table, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { useT, type UserImportRow } from '@flotilla/shared';
import { useMemo } from 'react';

const PAGE_SIZE = 50;

/** The previewed rows: the sheet's row number, username, phone, and each problem (or OK). */
export function ImportPreviewTable({ rows }: { rows: UserImportRow[] }) {
  const t = useT();
  const columns = useMemo<ColumnProps<UserImportRow>[]>(
    () => [
      { title: t('users.import.column.row'), dataIndex: 'row', width: 72 },
      { title: t('users.import.column.username'), dataIndex: 'username', width: 150 },
      { title: t('users.import.column.phone'), dataIndex: 'phone', width: 140 },
      {
        title: t('users.import.column.errors'),
        dataIndex: 'errors',
        render: (_: unknown, row: UserImportRow) =>
          row.errors.length === 0 ? (
            <Tag color="green">{t('users.import.ok')}</Tag>
          ) : (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
              {row.errors.map((error) => (
                <Typography.Text key={error} type="danger" size="small">
                  {error}
                </Typography.Text>
              ))}
            </div>
          ),
      },
    ],
    [t],
  );
  return (
    <Table
      rowKey="row"
      columns={columns}
      dataSource={rows}
      size="small"
      pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE } : false}
      // On a phone the columns scroll sideways instead of squeezing.
      scroll={{ x: 600 }}
    />
  );
}
