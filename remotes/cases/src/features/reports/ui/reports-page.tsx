import { useT } from '@flotilla/shared';
import { BackButton, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useSearchParams } from 'react-router-dom';
import { CASE_REPORTS_PATH } from '../../../lib/paths';
import { FileReportView } from './file-report-view';
import { ReportList } from './report-list';
import './reports.css';

/** `/case/reports`: every report; `?id=` opens one file report. */
export function ReportsPage() {
  const t = useT();
  const [search] = useSearchParams();
  const id = search.get('id');
  return (
    <Page>
      <PageHeader
        title={id ? t('cases.reports.fileReport') : t('cases.reports.title')}
        description={id ? undefined : t('cases.reports.description')}
        back={id ? <BackButton to={CASE_REPORTS_PATH}>{t('cases.reports.back')}</BackButton> : undefined}
      />
      <Surface>{id ? <FileReportView id={id} /> : <ReportList />}</Surface>
    </Page>
  );
}
