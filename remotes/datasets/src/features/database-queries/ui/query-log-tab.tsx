import { Table, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, useT, type DatabaseQueryLog } from '@flotilla/shared';
import { EmptyState, ErrorState, LabelledSelect, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { RefusalTag } from './refusal-tag';
import { SqlStatement } from './sql-statement';
import { queryLog, queryLogFilterChanged, queryLogShown } from '../database-queries.model';

const FILTERS = { all: null, refused: true, ran: false } as const;
type Filter = keyof typeof FILTERS;

/** The Query log tab: what robots asked the database, the SQL, the rows and time, and what was refused. */
export function QueryLogTab({ databaseId }: { databaseId: string }) {
  const t = useT();
  const formatDate = useDateTime();
  const m = useUnit({
    entries: queryLog.$items,
    total: queryLog.$total,
    page: queryLog.$page,
    pageSize: queryLog.$pageSize,
    status: queryLog.$status,
    failure: queryLog.$failure,
    query: queryLog.$query,
    shown: queryLogShown,
    filterChanged: queryLogFilterChanged,
    pageChanged: queryLog.pageChanged,
    retried: queryLog.reloadRequested,
  });
  const { shown } = m;
  useEffect(() => {
    shown(databaseId);
  }, [databaseId, shown]);
  let filter: Filter = 'all';
  if (m.query.refused === true) filter = 'refused';
  else if (m.query.refused === false) filter = 'ran';

  const columns = useMemo<ColumnProps<DatabaseQueryLog>[]>(
    () => [
      {
        title: t('datasets.database.queries.time'),
        dataIndex: 'createdAt',
        width: 170,
        render: (_, entry) => formatDate(entry.createdAt),
      },
      {
        title: t('datasets.database.queries.robot'),
        dataIndex: 'processName',
        width: 140,
        render: (_, entry) =>
          entry.processName || (
            <Typography.Text type="quaternary">{t('datasets.database.queries.robotGone')}</Typography.Text>
          ),
      },
      { title: t('datasets.database.queries.question'), dataIndex: 'question', width: 220 },
      {
        title: t('datasets.database.queries.mode'),
        dataIndex: 'mode',
        width: 100,
        render: (_, entry) => <Tag>{t(`datasets.database.queryMode.${entry.mode}`)}</Tag>,
      },
      { title: 'SQL', dataIndex: 'sql', width: 320, render: (_, entry) => <SqlStatement sql={entry.sql} /> },
      { title: t('datasets.database.queries.rows'), dataIndex: 'rows', width: 80, align: 'right' },
      {
        title: t('datasets.database.queries.ms'),
        dataIndex: 'ms',
        width: 90,
        align: 'right',
        render: (_, entry) => Math.round(entry.ms),
      },
      {
        title: t('datasets.database.queries.refused'),
        dataIndex: 'refused',
        width: 180,
        render: (_, entry) => (entry.refused ? <RefusalTag code={entry.refused} /> : null),
      },
    ],
    [t, formatDate],
  );

  return (
    <Surface>
      <div
        style={{ display: 'flex', gap: 12, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <LabelledSelect
          label={t('datasets.database.queries.filter')}
          value={filter}
          optionList={(Object.keys(FILTERS) as Filter[]).map((key) => ({
            value: key,
            label: t(`datasets.database.queries.filter.${key}`),
          }))}
          onChange={(value) => m.filterChanged({ refused: FILTERS[value as Filter] })}
          motion={false}
          style={{ width: 200 }}
        />
        {m.status === 'ready' && (
          <Typography.Text type="tertiary">{t('datasets.database.queries.total', { count: m.total })}</Typography.Text>
        )}
      </div>
      {m.status === 'error' ? (
        <ErrorState
          title={t('datasets.database.queries.loadFailed')}
          description={m.failure ? failureText(m.failure, t) : undefined}
          onRetry={m.retried}
        />
      ) : (
        <Table<DatabaseQueryLog>
          rowKey="id"
          columns={columns}
          dataSource={m.entries}
          loading={m.status === 'loading' || m.status === 'idle'}
          size="small"
          empty={
            <EmptyState
              title={t('datasets.database.queries.empty')}
              description={t('datasets.database.queries.emptyHint')}
            />
          }
          // On a phone the log scrolls sideways instead of squeezing.
          scroll={{ x: 1300 }}
          pagination={
            m.total > m.pageSize
              ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.pageChanged }
              : false
          }
        />
      )}
    </Surface>
  );
}
