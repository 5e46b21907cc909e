import { Button, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { caseDetailPath, robotDetailPath, useDateTime, useT, type Case } from '@flotilla/shared';
import { EmptyState, Page, PagedTable, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { $hasFilters, caseFiltersCleared, caseList, casesPageOpened } from '../cases.model';
import { CaseFilters } from './case-filters';
import { CaseStatusTag } from './case-status-tag';
import './cases.css';

/** `/case`: the cases the caller may see, filtered, searched and paged on the server; a row opens its case. */
export function CaseListPage() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const model = useUnit({ hasFilters: $hasFilters, opened: casesPageOpened, filtersCleared: caseFiltersCleared });
  const { opened } = model;
  useEffect(() => {
    opened();
  }, [opened]);

  const columns = useMemo<ColumnProps<Case>[]>(() => {
    const none = <span className="flc-cases__muted">{t('cases.list.none')}</span>;
    return [
      {
        title: t('cases.list.column.title'),
        dataIndex: 'title',
        render: (_, item) => (
          <Link to={caseDetailPath(item.id)} onClick={(event) => event.stopPropagation()}>
            <Typography.Text strong>{item.title}</Typography.Text>
          </Link>
        ),
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
        render: (_, item) =>
          item.processName ? (
            <Link to={robotDetailPath(item.processId)} onClick={(event) => event.stopPropagation()}>
              {item.processName}
            </Link>
          ) : (
            <span className="flc-cases__muted">{t('cases.list.robotDeleted')}</span>
          ),
      },
      { title: t('cases.list.column.team'), dataIndex: 'teamName', render: (_, item) => item.teamName || none },
      {
        title: t('cases.list.column.assignee'),
        dataIndex: 'assigneeName',
        render: (_, item) =>
          item.assigneeName || <span className="flc-cases__muted">{t('cases.list.unassigned')}</span>,
      },
      {
        title: t('cases.list.column.status'),
        dataIndex: 'status',
        width: 180,
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
        width: 180,
        render: (_, item) => formatDate(item.createdAt),
      },
    ];
  }, [t, formatDate]);

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
        <div className="flc-cases__table">
          <PagedTable
            list={caseList}
            rowKey="id"
            columns={columns}
            onRow={(item) => ({
              onClick: () => item && navigate(caseDetailPath(item.id)),
              style: { cursor: 'pointer' },
            })}
            searchLabel={t('cases.list.search')}
            filters={<CaseFilters />}
            totalLabel={(count) => t('cases.list.total', { count })}
            empty={empty}
            failedTitle={t('cases.list.loadFailed')}
          />
        </div>
      </Surface>
    </Page>
  );
}
