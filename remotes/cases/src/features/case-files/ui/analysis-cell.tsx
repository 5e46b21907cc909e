import { Progress, Tag, Typography } from '@flotilla/shared/ui/semi';
import type { TagColor } from '@flotilla/shared/ui/semi';
import { useT, type CaseAnalysisStatus, type CaseFileAnalysis } from '@flotilla/shared';
import { Link } from 'react-router-dom';
import { fileReportPath } from '../../../lib/paths';

const COLORS: Record<CaseAnalysisStatus, TagColor> = {
  queued: 'grey',
  running: 'blue',
  done: 'green',
  failed: 'red',
  cancelled: 'orange',
};

/** A file's newest analysis: its status, progress while it runs, and a link to its report. */
export function AnalysisCell({ analysis }: { analysis: CaseFileAnalysis | null }) {
  const t = useT();
  if (!analysis) return <span className="flc-case-files__muted">{t('cases.files.notAnalysed')}</span>;
  const moving = analysis.status === 'queued' || analysis.status === 'running';
  return (
    <div className="flc-case-files__analysis">
      <span>
        <Tag color={COLORS[analysis.status]} type="light">
          {t(`cases.files.analysis.${analysis.status}`)}
        </Tag>{' '}
        <Typography.Text size="small" type="tertiary">
          {analysis.processName || t('cases.files.robotDeleted')}
        </Typography.Text>
      </span>
      {moving && (
        <Progress
          percent={Math.round(analysis.progress * 100)}
          showInfo
          size="small"
          aria-label={t('cases.files.progress')}
        />
      )}
      <Link to={fileReportPath(analysis.reportId)}>{t('cases.files.openReport')}</Link>
    </div>
  );
}
