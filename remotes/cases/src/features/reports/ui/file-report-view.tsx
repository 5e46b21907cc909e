import { Banner, Button, Progress, Spin, Table, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { failureText, useT, type CaseFileResult } from '@flotilla/shared';
import { ErrorState } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import {
  $exportFailure,
  $exporting,
  $failure,
  $loading,
  $page,
  $report,
  $results,
  $resultTotal,
  exportClicked,
  fileReportLeft,
  fileReportOpened,
  fileReportRetried,
  RESULTS_PAGE_SIZE,
  resultsPageChanged,
} from '../file-report.model';
import { ReportStatusTag } from './report-status-tag';
import { ReportTotals } from './report-totals';

/** One file report: its totals, each question's result (paged) and Export. */
export function FileReportView({ id }: { id: string }) {
  const t = useT();
  const m = useUnit({
    opened: fileReportOpened,
    left: fileReportLeft,
    report: $report,
    results: $results,
    total: $resultTotal,
    page: $page,
    loading: $loading,
    failure: $failure,
    exporting: $exporting,
    exportFailure: $exportFailure,
    pageChanged: resultsPageChanged,
    retried: fileReportRetried,
    exported: exportClicked,
  });
  const { opened, left } = m;
  useEffect(() => {
    opened(id);
    return () => left();
  }, [opened, left, id]);

  const columns = useMemo<ColumnProps<CaseFileResult>[]>(
    () => [
      { title: '#', dataIndex: 'position', width: 56, render: (_, result) => result.position + 1 },
      { title: t('cases.reports.column.question'), dataIndex: 'question', width: 220 },
      {
        title: t('cases.reports.column.expected'),
        dataIndex: 'expected',
        width: 200,
        render: (_, result) =>
          result.expected || <span className="flc-reports__muted">{t('cases.reports.noExpected')}</span>,
      },
      {
        title: t('cases.reports.column.answer'),
        dataIndex: 'answer',
        render: (_, result) => (
          <div>
            <div className="flc-reports__answer">{result.answer}</div>
            {result.fallback && (
              <Tag color="orange" type="light" size="small">
                {t('cases.reports.fallback')}
              </Tag>
            )}
            {result.errorCode && (
              <Tag color="red" type="light" size="small">
                {t('cases.reports.failed', { code: result.errorCode })}
              </Tag>
            )}
          </div>
        ),
      },
      {
        title: t('cases.reports.column.citations'),
        dataIndex: 'citations',
        width: 180,
        render: (_, result) =>
          result.citations.length === 0 ? (
            <span className="flc-reports__muted">{t('cases.reports.noCitations')}</span>
          ) : (
            <ul style={{ margin: 0, paddingLeft: 16 }}>
              {result.citations.map((citation) => (
                <li key={citation.index}>
                  [{citation.index}] {citation.fileName || t('cases.reports.qaPair')}
                </li>
              ))}
            </ul>
          ),
      },
      {
        title: t('cases.reports.column.latency'),
        dataIndex: 'latencyMs',
        width: 110,
        render: (_, result) => t('cases.reports.ms', { ms: result.latencyMs }),
      },
    ],
    [t],
  );

  if (m.failure && !m.report)
    return (
      <ErrorState
        title={m.failure.status === 404 ? t('cases.reports.notFound') : t('cases.reports.reportFailed')}
        description={failureText(m.failure, t)}
        onRetry={m.failure.status === 404 ? undefined : m.retried}
      />
    );
  if (!m.report) return <Spin tip={t('cases.reports.loading')} />;
  const report = m.report;
  const moving = report.status === 'queued' || report.status === 'running';
  return (
    <div>
      <div className="flc-reports__bar">
        <div>
          <Typography.Title heading={5} style={{ margin: 0 }}>
            {report.fileName}
          </Typography.Title>
          <Typography.Text type="tertiary">
            {t('cases.reports.byRobot', { robot: report.processName || t('cases.reports.robotDeleted') })}
          </Typography.Text>{' '}
          <ReportStatusTag status={report.status} />
        </div>
        <Button theme="solid" loading={m.exporting} onClick={m.exported}>
          {t('cases.reports.export')}
        </Button>
      </div>
      {moving && (
        <Progress
          percent={Math.round(report.progress * 100)}
          showInfo
          aria-label={t('cases.reports.progress')}
          style={{ marginBottom: 12 }}
        />
      )}
      {m.exportFailure && (
        <Banner
          type="danger"
          fullMode={false}
          style={{ marginBottom: 12 }}
          description={failureText(m.exportFailure, t)}
        />
      )}
      <ReportTotals report={report} />
      <div className="flc-reports__results">
        <Table<CaseFileResult>
          rowKey="position"
          columns={columns}
          dataSource={m.results}
          loading={m.loading}
          empty={<Typography.Text type="tertiary">{t('cases.reports.noResults')}</Typography.Text>}
          pagination={
            m.total > RESULTS_PAGE_SIZE
              ? { currentPage: m.page, pageSize: RESULTS_PAGE_SIZE, total: m.total, onPageChange: m.pageChanged }
              : false
          }
        />
      </div>
    </div>
  );
}
