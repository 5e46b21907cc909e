import { Table, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, useT, type CaseReport } from '@flotilla/shared';
import { EmptyState, ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { comparisonPath, fileReportPath } from '../../../lib/paths';
import { reportList, reportsPageOpened } from '../reports.model';
import { ReportStatusTag } from './report-status-tag';

const linkOf = (report: CaseReport) => (report.kind === 'file' ? fileReportPath(report.id) : comparisonPath(report.id));

/** Every report of the tenant, newest first: a file report opens here, a comparison on its page. */
export function ReportList() {
  const t = useT();
  const formatDate = useDateTime();
  const m = useUnit({
    opened: reportsPageOpened,
    items: reportList.$items,
    total: reportList.$total,
    status: reportList.$status,
    loading: reportList.$loading,
    failure: reportList.$failure,
    page: reportList.$page,
    pageSize: reportList.$pageSize,
    pageChanged: reportList.pageChanged,
    retried: reportList.reloadRequested,
  });
  const { opened } = m;
  useEffect(() => {
    opened();
  }, [opened]);

  const columns = useMemo<ColumnProps<CaseReport>[]>(
    () => [
      {
        title: t('cases.reports.column.name'),
        dataIndex: 'name',
        render: (_, report) => (
          <Link to={linkOf(report)}>
            <Typography.Text strong>{report.name}</Typography.Text>
          </Link>
        ),
      },
      {
        title: t('cases.reports.column.kind'),
        dataIndex: 'kind',
        width: 130,
        render: (_, report) => t(`cases.reports.kind.${report.kind}`),
      },
      {
        title: t('cases.reports.column.robot'),
        dataIndex: 'processName',
        render: (_, report) =>
          report.processName || <span className="flc-reports__muted">{t('cases.reports.robotDeleted')}</span>,
      },
      {
        title: t('cases.reports.column.status'),
        dataIndex: 'status',
        width: 120,
        render: (_, report) => <ReportStatusTag status={report.status} />,
      },
      {
        title: t('cases.reports.column.headline'),
        dataIndex: 'headline',
        width: 150,
        render: (_, report) =>
          report.headline === null ? (
            <span className="flc-reports__muted">—</span>
          ) : (
            t(`cases.reports.headline.${report.kind}`, { percent: Math.round(report.headline * 100) })
          ),
      },
      {
        title: t('cases.reports.column.createdAt'),
        dataIndex: 'createdAt',
        width: 170,
        render: (_, report) => formatDate(report.createdAt),
      },
    ],
    [t, formatDate],
  );

  if (m.status === 'error')
    return (
      <ErrorState
        title={t('cases.reports.loadFailed')}
        description={m.failure ? failureText(m.failure, t) : undefined}
        onRetry={m.retried}
      />
    );
  return (
    <div className="flc-reports__table">
      {m.status === 'ready' && (
        <Typography.Text type="tertiary">{t('cases.reports.total', { count: m.total })}</Typography.Text>
      )}
      <Table<CaseReport>
        rowKey={(report?: CaseReport) => (report ? `${report.kind}:${report.id}` : '')}
        columns={columns}
        dataSource={m.items}
        loading={m.loading}
        empty={
          m.loading ? (
            <div style={{ height: 160 }} />
          ) : (
            <EmptyState title={t('cases.reports.empty')} description={t('cases.reports.emptyHint')} />
          )
        }
        pagination={
          m.total > m.pageSize
            ? { currentPage: m.page, pageSize: m.pageSize, total: m.total, onPageChange: m.pageChanged }
            : false
        }
      />
    </div>
  );
}
