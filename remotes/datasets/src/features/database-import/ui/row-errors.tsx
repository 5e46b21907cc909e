import { Banner, Table } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';
import type { ImportRowError } from '../database-import.model';

type Line = ImportRowError & { key: number };

/** The rows of a refused import that did not fit: row, column and why; nothing was imported. */
export function RowErrors({ errors }: { errors: ImportRowError[] }) {
  const t = useT();
  const columns: ColumnProps<Line>[] = [
    {
      title: t('datasets.database.import.errorRow'),
      dataIndex: 'row',
      width: 80,
      render: (_, line) => line.row ?? '—',
    },
    {
      title: t('datasets.database.import.errorColumn'),
      dataIndex: 'column',
      width: 160,
      render: (_, line) => line.column ?? '—',
    },
    { title: t('datasets.database.import.errorWhy'), dataIndex: 'message' },
  ];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Banner
        type="danger"
        fullMode={false}
        closeIcon={null}
        title={t('datasets.database.import.rowsRefused', { count: errors.length })}
        description={t('datasets.database.import.rowsRefusedHint')}
      />
      <Table<Line>
        rowKey="key"
        columns={columns}
        dataSource={errors.map((error, key) => ({ ...error, key }))}
        pagination={errors.length > 10 ? { pageSize: 10 } : false}
        size="small"
        scroll={{ x: 480 }}
      />
    </div>
  );
}
