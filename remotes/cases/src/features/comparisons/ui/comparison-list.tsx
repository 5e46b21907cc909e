import { Button, Popconfirm, Progress, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { COMPARISON_STATUSES, useDateTime, useT, type ComparisonSummary } from '@flotilla/shared';
import { EmptyState, LabelledSelect, PagedTable } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  $statusFilter,
  comparisonList,
  comparisonsPageOpened,
  comparisonStatusFilterChanged,
  newComparisonToggled,
} from '../comparisons.model';
import { comparisonPath } from '../lib/comparisons-path';
import { ComparisonStatusTag } from './comparison-status-tag';
import { ScoreValue } from './score-value';

/** The comparisons, newest first, with their robots, status and scores; a row opens its comparison. */
export function ComparisonList() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const m = useUnit({
    status: $statusFilter,
    statusChanged: comparisonStatusFilterChanged,
    deleteConfirmed: comparisonList.deleteConfirmed,
    deleting: comparisonList.$deletingIds,
    newToggled: newComparisonToggled,
    shown: comparisonsPageOpened,
  });
  // Each time the list shows (back from a comparison too), it is read again.
  const { shown } = m;
  useEffect(() => {
    shown();
  }, [shown]);

  const columns = useMemo<ColumnProps<ComparisonSummary>[]>(
    () => [
      {
        title: t('cases.comparisons.column.name'),
        dataIndex: 'name',
        render: (_, item) => (
          <Link to={comparisonPath(item.id)} onClick={(event) => event.stopPropagation()}>
            <Typography.Text strong>{item.name}</Typography.Text>
          </Link>
        ),
      },
      {
        title: t('cases.comparisons.column.robots'),
        dataIndex: 'processName',
        render: (_, item) => (
          <span>
            {item.processName || t('cases.comparisons.robotDeleted')}
            {item.compareProcessId && (
              <Typography.Text type="tertiary">
                {' '}
                {t('cases.comparisons.versus')} {item.compareProcessName || t('cases.comparisons.robotDeleted')}
              </Typography.Text>
            )}
          </span>
        ),
      },
      {
        title: t('cases.comparisons.column.status'),
        dataIndex: 'status',
        width: 170,
        render: (_, item) => (
          <div>
            <ComparisonStatusTag status={item.status} />
            {(item.status === 'running' || item.status === 'queued') && (
              <Progress
                percent={Math.round(item.progress * 100)}
                size="small"
                aria-label={t('cases.comparisons.progress')}
                style={{ marginTop: 4 }}
              />
            )}
          </div>
        ),
      },
      {
        title: t('cases.comparisons.column.scores'),
        dataIndex: 'score',
        width: 140,
        render: (_, item) => (
          <span>
            <ScoreValue score={item.score} />
            {item.compareProcessId && (
              <>
                {' / '}
                <ScoreValue score={item.compareScore} />
              </>
            )}
          </span>
        ),
      },
      {
        title: t('cases.comparisons.column.createdAt'),
        dataIndex: 'createdAt',
        width: 170,
        render: (_, item) => formatDate(item.createdAt),
      },
      {
        title: '',
        dataIndex: 'id',
        width: 90,
        render: (_, item) => (
          <span onClick={(event) => event.stopPropagation()}>
            <Popconfirm
              title={t('cases.comparisons.deleteConfirm')}
              content={t('cases.comparisons.deleteHint')}
              okText={t('cases.comparisons.delete')}
              cancelText={t('cases.comparisons.form.cancel')}
              onConfirm={() => {
                m.deleteConfirmed(item);
              }}
            >
              <Button type="danger" theme="borderless" loading={m.deleting.includes(item.id)}>
                {t('cases.comparisons.delete')}
              </Button>
            </Popconfirm>
          </span>
        ),
      },
    ],
    [t, formatDate, m],
  );

  const filters = (
    <LabelledSelect
      label={t('cases.comparisons.statusFilter')}
      value={m.status ?? 'all'}
      onChange={(value) => m.statusChanged(value === 'all' ? null : (value as ComparisonSummary['status']))}
      optionList={[
        { value: 'all', label: t('cases.comparisons.allStatuses') },
        ...COMPARISON_STATUSES.map((status) => ({ value: status, label: t(`cases.comparisons.status.${status}`) })),
      ]}
      style={{ minWidth: 140 }}
    />
  );

  return (
    <div className="flc-comparisons__table">
      <PagedTable
        list={comparisonList}
        rowKey="id"
        columns={columns}
        onRow={(item) => ({
          onClick: () => item && navigate(comparisonPath(item.id)),
          style: { cursor: 'pointer' },
        })}
        searchLabel={t('cases.comparisons.search')}
        filters={filters}
        totalLabel={(count) => t('cases.comparisons.total', { count })}
        empty={
          m.status ? (
            <EmptyState title={t('cases.comparisons.noMatch')} />
          ) : (
            <EmptyState
              title={t('cases.comparisons.empty')}
              description={t('cases.comparisons.emptyHint')}
              action={
                <Button theme="solid" onClick={() => m.newToggled(true)}>
                  {t('cases.comparisons.new')}
                </Button>
              }
            />
          )
        }
        failedTitle={t('cases.comparisons.loadFailed')}
      />
    </div>
  );
}
