import { Banner, Button, Input, Switch, Table, TextArea, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { DATABASE_LIMITS, failureText, useT, type DatabaseColumn, type DatabaseTable } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { FormField } from '../../../ui/form-field';
import { $savingTable, $tableSaveFailure, tableSaveSubmitted } from '../database-tables.model';

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** One table's description, and per column its key switch and description, saved together. */
export function TableEditor({ table }: { table: DatabaseTable }) {
  const t = useT();
  const m = useUnit({ saving: $savingTable, failure: $tableSaveFailure, submitted: tableSaveSubmitted });
  const [description, setDescription] = useState(table.description);
  const [columns, setColumns] = useState<DatabaseColumn[]>(table.columns);
  const change = (name: string, patch: Partial<DatabaseColumn>) =>
    setColumns((current) => current.map((column) => (column.name === name ? { ...column, ...patch } : column)));

  const tableColumns: ColumnProps<DatabaseColumn>[] = [
    {
      title: t('datasets.database.tables.column.name'),
      dataIndex: 'name',
      width: 150,
      // On a phone the name stays in view while the other columns scroll.
      fixed: 'left',
      render: (_, column) => <span style={mono}>{column.name}</span>,
    },
    {
      title: t('datasets.database.tables.column.type'),
      dataIndex: 'type',
      width: 140,
      render: (_, column) => <Typography.Text type="tertiary">{column.type}</Typography.Text>,
    },
    {
      title: t('datasets.database.tables.column.key'),
      dataIndex: 'key',
      width: 80,
      render: (_, column) => (
        <Switch
          checked={column.key}
          onChange={(key) => change(column.name, { key })}
          aria-label={t('datasets.database.tables.keyOf', { name: column.name })}
        />
      ),
    },
    {
      title: t('datasets.database.tables.column.description'),
      dataIndex: 'description',
      render: (_, column) => (
        <Input
          value={column.description}
          onChange={(value) => change(column.name, { description: value })}
          maxLength={DATABASE_LIMITS.description}
          aria-label={t('datasets.database.tables.descriptionOf', { name: column.name })}
          placeholder={t('datasets.database.tables.columnPlaceholder')}
        />
      ),
    },
  ];

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <Typography.Title heading={5} style={{ margin: 0, ...mono }}>
        {table.name}
      </Typography.Title>
      {table.gone && (
        <Banner type="warning" fullMode={false} closeIcon={null} description={t('datasets.database.tables.goneHint')} />
      )}
      {m.failure && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('datasets.database.tables.saveFailed')}
          description={failureText(m.failure, t)}
        />
      )}
      <FormField label={t('datasets.database.tables.description')} hint={t('datasets.database.tables.descriptionHint')}>
        {(id) => (
          <TextArea
            id={id}
            value={description}
            onChange={setDescription}
            maxLength={DATABASE_LIMITS.description}
            rows={2}
          />
        )}
      </FormField>
      <Typography.Text type="tertiary" size="small">
        {t('datasets.database.tables.keyHint')}
      </Typography.Text>
      <Table<DatabaseColumn>
        rowKey="name"
        columns={tableColumns}
        dataSource={columns}
        pagination={false}
        size="small"
        // On a phone the columns scroll sideways instead of squeezing.
        scroll={{ x: 640 }}
      />
      <div>
        <Button
          theme="solid"
          type="primary"
          loading={m.saving}
          onClick={() =>
            m.submitted({
              table: table.name,
              body: {
                description,
                columns: columns.map(({ name, key, description: text }) => ({ name, key, description: text })),
              },
            })
          }
        >
          {t('datasets.database.tables.save')}
        </Button>
      </div>
    </div>
  );
}
