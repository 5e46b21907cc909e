import { Banner, Button, Input, Progress, Spin, Table, Typography, IconUpload } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { DATABASE_TABLE_LIMITS, failureText, useT } from '@flotilla/shared';
import { Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../../ui/form-field';
import {
  $importColumns,
  $importFailure,
  $importFile,
  $importing,
  $importProgress,
  $importResult,
  $importRowErrors,
  $importTableName,
  $preview,
  $previewFailure,
  $previewing,
  importCleared,
  importFileChosen,
  importShown,
  importSubmitted,
  importTableNameChanged,
} from '../database-import.model';
import { ColumnTypes } from './column-types';
import { RowErrors } from './row-errors';

const TASK_LIST_PATH = '/task-list';
const ACCEPT = '.csv,.xlsx';

/** The Import tab (built-in databases): a csv or xlsx sheet → its preview with editable types → a table. */
export function ImportTab({ databaseId }: { databaseId: string }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const m = useUnit({
    file: $importFile,
    preview: $preview,
    previewing: $previewing,
    previewFailure: $previewFailure,
    columns: $importColumns,
    tableName: $importTableName,
    importing: $importing,
    progress: $importProgress,
    result: $importResult,
    rowErrors: $importRowErrors,
    failure: $importFailure,
    shown: importShown,
    chosen: importFileChosen,
    cleared: importCleared,
    nameChanged: importTableNameChanged,
    submitted: importSubmitted,
  });
  const { shown } = m;
  useEffect(() => {
    shown(databaseId);
  }, [databaseId, shown]);

  const previewColumns: ColumnProps<Record<string, unknown>>[] = m.columns.map((column, index) => ({
    title: column.name,
    dataIndex: String(index),
    render: (value: unknown) =>
      value === null || value === undefined ? <Typography.Text type="quaternary">NULL</Typography.Text> : String(value),
  }));
  const previewRows = (m.preview?.rows ?? []).map((row, index) => ({
    key: index,
    ...Object.fromEntries(row.map((cell, column) => [String(column), cell])),
  }));

  return (
    <Surface>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <Typography.Text type="tertiary">
          {t('datasets.database.import.hint', { mb: DATABASE_TABLE_LIMITS.importBytes / 1024 / 1024 })}
        </Typography.Text>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            aria-label={t('datasets.database.import.choose')}
            style={{ display: 'none' }}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) m.chosen(file);
              event.target.value = '';
            }}
          />
          <Button icon={<IconUpload />} onClick={() => input.current?.click()} disabled={m.importing}>
            {m.file ? t('datasets.database.import.chooseAnother') : t('datasets.database.import.choose')}
          </Button>
          {m.file && <Typography.Text style={{ wordBreak: 'break-all' }}>{m.file.name}</Typography.Text>}
        </div>
        {m.previewing && <Spin tip={t('datasets.database.import.previewing')} />}
        {m.previewFailure && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            title={t('datasets.database.import.previewFailed')}
            description={failureText(m.previewFailure, t)}
          />
        )}
        {m.preview && (
          <>
            <Typography.Text strong>
              {t('datasets.database.import.summary', { columns: m.columns.length, rows: m.preview.total })}
            </Typography.Text>
            <ColumnTypes />
            <div>
              <Typography.Text strong>
                {t('datasets.database.import.firstRows', { count: m.preview.rows.length })}
              </Typography.Text>
              <Table
                rowKey="key"
                columns={previewColumns}
                dataSource={previewRows}
                pagination={false}
                size="small"
                // On a phone the columns scroll sideways instead of squeezing.
                scroll={{ x: Math.max(640, previewColumns.length * 140) }}
              />
            </div>
            <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap' }}>
              <FormField
                label={t('datasets.database.import.table')}
                hint={t('datasets.database.import.tableHint')}
                grow={1}
              >
                {(id) => (
                  <Input
                    id={id}
                    value={m.tableName}
                    onChange={m.nameChanged}
                    maxLength={DATABASE_TABLE_LIMITS.name}
                    style={{ fontFamily: 'monospace' }}
                  />
                )}
              </FormField>
              <div style={{ display: 'flex', gap: 8, paddingBottom: 22 }}>
                <Button
                  theme="solid"
                  type="primary"
                  loading={m.importing}
                  disabled={!m.tableName.trim()}
                  onClick={m.submitted}
                >
                  {t('datasets.database.import.submit')}
                </Button>
                <Button type="tertiary" onClick={m.cleared} disabled={m.importing}>
                  {t('datasets.cancel')}
                </Button>
              </div>
            </div>
            {m.importing && (
              <Progress
                percent={Math.round(m.progress * 100)}
                showInfo
                aria-label={t('datasets.database.import.progress')}
              />
            )}
          </>
        )}
        {m.failure && (
          <Banner
            type="danger"
            fullMode={false}
            closeIcon={null}
            title={t('datasets.database.import.failed')}
            description={failureText(m.failure, t)}
          />
        )}
        {m.rowErrors && <RowErrors errors={m.rowErrors} />}
        {m.result &&
          (m.result.taskId ? (
            <Banner
              type="info"
              fullMode={false}
              closeIcon={null}
              title={t('datasets.database.import.background', { table: m.result.table })}
              description={<Link to={TASK_LIST_PATH}>{t('datasets.database.import.taskList')}</Link>}
            />
          ) : (
            <Banner
              type="success"
              fullMode={false}
              closeIcon={null}
              description={t('datasets.database.import.done', { table: m.result.table, count: m.result.rows })}
            />
          ))}
      </div>
    </Surface>
  );
}
