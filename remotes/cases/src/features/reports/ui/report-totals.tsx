import { Typography } from '@flotilla/shared/ui/semi';
import { useT, type CaseFileReport } from '@flotilla/shared';

/** A file report's totals: questions, answered, fallbacks and their rate, average and p95 latency. */
export function ReportTotals({ report }: { report: CaseFileReport }) {
  const t = useT();
  const items: Array<[string, string]> = [
    [t('cases.reports.totals.questions'), String(report.questionCount)],
    [t('cases.reports.totals.answered'), String(report.answeredCount)],
    [t('cases.reports.totals.fallbacks'), String(report.fallbackCount)],
    [t('cases.reports.totals.fallbackRate'), `${Math.round(report.fallbackRate * 1000) / 10}%`],
    [t('cases.reports.totals.averageLatency'), t('cases.reports.ms', { ms: report.averageLatencyMs })],
    [t('cases.reports.totals.p95Latency'), t('cases.reports.ms', { ms: report.p95LatencyMs })],
  ];
  return (
    <dl className="flc-reports__totals">
      {items.map(([label, value]) => (
        <div key={label} className="flc-reports__total">
          <dt>
            <Typography.Text type="tertiary" size="small">
              {label}
            </Typography.Text>
          </dt>
          <dd style={{ margin: 0 }}>
            <Typography.Title heading={4} style={{ margin: 0 }}>
              {value}
            </Typography.Title>
          </dd>
        </div>
      ))}
    </dl>
  );
}
