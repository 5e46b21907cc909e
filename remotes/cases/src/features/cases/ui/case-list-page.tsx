import { Button, Input, Radio, RadioGroup, Table, Tag, Typography } from '@douyinfe/semi-ui';
import { IconSearch } from '@douyinfe/semi-icons';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { CASE_STATUSES, robotDetailPath, useDateTime, useT, type Case, type CaseStatus } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  $cases,
  $hasFilters,
  $listStatus,
  $loadFailure,
  $page,
  $query,
  $searchText,
  $statusFilter,
  $total,
  caseFiltersCleared,
  caseSearchChanged,
  caseStatusFilterChanged,
  casesPageChanged,
  casesPageOpened,
  casesRetryClicked,
} from '../cases.model';
import { CASE_STATUS_LOOK, CaseStatusTag } from './case-status-tag';

/** The radio value that stands for "every status". */
const ALL = 'all';

/** `/case`: the cases robots opened, filtered by status and keyword and paged on the server. */
export function CaseListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const model = useUnit({
    cases: $cases,
    total: $total,
    status: $listStatus,
    failure: $loadFailure,
    page: $page,
    query: $query,
    searchText: $searchText,
    statusFilter: $statusFilter,
    hasFilters: $hasFilters,
    opened: casesPageOpened,
    retried: casesRetryClicked,
    searchChanged: caseSearchChanged,
    statusFilterChanged: caseStatusFilterChanged,
    filtersCleared: caseFiltersCleared,
    pageChanged: casesPageChanged,
  });
  const { opened } = model;
  useEffect(() => {
    opened();
  }, [opened]);

  const columns = useMemo<ColumnProps<Case>[]>(
    () => [
      {
        title: t('cases.list.column.title'),
        dataIndex: 'title',
        render: (_, item) => <Typography.Text strong>{item.title}</Typography.Text>,
      },
      {
        title: t('cases.list.column.customer'),
        dataIndex: 'customer',
        render: (_, item) => (
          <div>
            <Typography.Text>{item.customer || t('cases.list.anonymous')}</Typography.Text>
            {item.phone && (
              <Typography.Text type="tertiary" size="small" style={{ display: 'block' }}>
                {item.phone}
              </Typography.Text>
            )}
          </div>
        ),
      },
      {
        title: t('cases.list.column.robot'),
        dataIndex: 'processName',
        render: (_, item) => <Link to={robotDetailPath(item.processId)}>{item.processName}</Link>,
      },
      {
        title: t('cases.list.column.status'),
        dataIndex: 'status',
        width: 200,
        render: (_, item) => (
          <span style={{ display: 'inline-flex', gap: 4, flexWrap: 'wrap' }}>
            <CaseStatusTag status={item.status} />
            {item.checked && (
              <Tag color="green" type="ghost">
                {t('cases.list.checked')}
              </Tag>
            )}
          </span>
        ),
      },
      { title: t('cases.list.column.createdAt'), dataIndex: 'createdAt', width: 200, render: (_, item) => formatDate(item.createdAt) },
    ],
    [t, formatDate],
  );

  const loading = model.status === 'loading' || model.status === 'idle';
  const empty = loading ? (
    <div style={{ height: 160 }} />
  ) : model.hasFilters ? (
    <EmptyState
      title={t('cases.list.noMatch')}
      description={t('cases.list.noMatchHint')}
      action={<Button onClick={model.filtersCleared}>{t('cases.list.clearFilters')}</Button>}
    />
  ) : (
    <EmptyState title={t('cases.list.empty')} description={t('cases.list.emptyHint')} />
  );

  return (
    <Page>
      <PageHeader title={t('cases.list.title')} description={t('cases.list.description')} />
      <Surface>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
            <Input
              prefix={<IconSearch />}
              showClear
              value={model.searchText}
              onChange={(value) => model.searchChanged(value)}
              placeholder={t('cases.list.search')}
              aria-label={t('cases.list.search')}
              style={{ width: 280, maxWidth: '100%' }}
            />
            <RadioGroup
              type="button"
              aria-label={t('cases.list.statusFilter')}
              value={model.statusFilter ?? ALL}
              onChange={(event) => {
                const value = event.target.value as CaseStatus | typeof ALL;
                model.statusFilterChanged(value === ALL ? null : value);
              }}
            >
              <Radio value={ALL}>{t('cases.list.allStatuses')}</Radio>
              {CASE_STATUSES.map((status) => (
                <Radio key={status} value={status}>
                  {t(CASE_STATUS_LOOK[status].labelId)}
                </Radio>
              ))}
            </RadioGroup>
          </div>
          {model.status === 'ready' && (
            <Typography.Text type="tertiary">{t('cases.list.total', { count: model.total })}</Typography.Text>
          )}
        </div>
        {model.status === 'error' ? (
          <ErrorState
            title={t('cases.list.loadFailed')}
            description={model.failure?.status === 0 ? t('cases.error.network') : model.failure?.message}
            onRetry={model.retried}
          />
        ) : (
          <Table<Case>
            rowKey="id"
            columns={columns}
            dataSource={model.cases}
            loading={loading}
            empty={empty}
            pagination={
              model.total > model.query.limit
                ? { currentPage: model.page, pageSize: model.query.limit, total: model.total, onPageChange: model.pageChanged }
                : false
            }
          />
        )}
      </Surface>
    </Page>
  );
}
