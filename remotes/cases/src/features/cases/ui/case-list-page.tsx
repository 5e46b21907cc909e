import { Button, Radio, RadioGroup, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { CASE_STATUSES, robotDetailPath, useDateTime, useT, type Case, type CaseStatus } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import {
  $hasFilters,
  $statusFilter,
  caseFiltersCleared,
  caseList,
  caseStatusFilterChanged,
  casesPageOpened,
} from '../cases.model';
import { CASE_STATUS_LOOK, CaseStatusTag } from './case-status-tag';

/** The radio value that stands for "every status". */
const ALL = 'all';

/** `/case`: the cases robots opened, filtered by status and keyword and paged on the server. */
export function CaseListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const model = useUnit({
    statusFilter: $statusFilter,
    hasFilters: $hasFilters,
    opened: casesPageOpened,
    statusFilterChanged: caseStatusFilterChanged,
    filtersCleared: caseFiltersCleared,
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
      {
        title: t('cases.list.column.createdAt'),
        dataIndex: 'createdAt',
        width: 200,
        render: (_, item) => formatDate(item.createdAt),
      },
    ],
    [t, formatDate],
  );

  const empty = model.hasFilters ? (
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
        <PagedTable
          list={caseList}
          rowKey="id"
          columns={columns}
          searchLabel={t('cases.list.search')}
          filters={
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
          }
          totalLabel={(count) => t('cases.list.total', { count })}
          empty={empty}
          failedTitle={t('cases.list.loadFailed')}
        />
      </Surface>
    </Page>
  );
}
