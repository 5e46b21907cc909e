import { Table } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { IMPORT_COLUMN_TYPES, useT, type ImportColumn, type ImportColumnType } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { $importColumns, $importing, importColumnTypeChanged } from '../database-import.model';
import { LabelledSelect } from '@flotilla/shared/ui';

/** The sheet's columns with the type each is stored as (inferred by the server, changeable here). */
export function ColumnTypes() {
  const t = useT();
  const m = useUnit({ columns: $importColumns, importing: $importing, changed: importColumnTypeChanged });
  const options = IMPORT_COLUMN_TYPES.map((type) => ({
    value: type,
    label: t(`datasets.database.importType.${type}`),
  }));
  const columns: ColumnProps<ImportColumn>[] = [
    {
      title: t('datasets.database.import.column'),
      dataIndex: 'name',
      render: (_, column) => <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{column.name}</span>,
    },
    {
      title: t('datasets.database.import.type'),
      dataIndex: 'type',
      width: 200,
      render: (_, column) => (
        <LabelledSelect
          label={t('datasets.database.import.typeOf', { name: column.name })}
          value={column.type}
          optionList={options}
          disabled={m.importing}
          motion={false}
          onChange={(value) => m.changed({ name: column.name, type: value as ImportColumnType })}
          style={{ width: '100%' }}
        />
      ),
    },
  ];
  return <Table rowKey="name" columns={columns} dataSource={m.columns} pagination={false} size="small" />;
}
