import { Spin, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { BackButton, EmptyState, ErrorState, Page, PageHeader, SaveFailedBanner, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { CASE_LIST_PATH } from '../../../lib/paths';

import {
  $case,
  $caseFailure,
  $caseId,
  $caseStatus,
  $updateFailure,
  caseDetailOpened,
  caseDetailRetryClicked,
} from '../case-detail.model';
import { CaseAssigneePicker } from './case-assignee-picker';
import { CaseConversation } from './case-conversation';
import { CaseFields } from './case-fields';
import { CaseNotes } from './case-notes';
import { CaseStatusPanel } from './case-status-panel';
import './case-detail.css';

/** `/case/{id}`: a case's conversation, collected fields, status, assignee and notes. */
export function CaseDetailPage() {
  const t = useT();
  const { id } = useParams();
  const m = useUnit({
    item: $case,
    shownId: $caseId,
    status: $caseStatus,
    failure: $caseFailure,
    updateFailure: $updateFailure,
    opened: caseDetailOpened,
    retried: caseDetailRetryClicked,
  });
  const { opened } = m;
  useEffect(() => {
    opened(id);
  }, [id, opened]);
  // Until the model has caught up with the route (first render), the stored state is another case's.
  const current = m.shownId === (id || null);
  const status = current ? m.status : 'loading';
  const item = current ? m.item : null;

  const back = <BackButton to={CASE_LIST_PATH}>{t('cases.detail.back')}</BackButton>;
  if (status === 'not-found')
    return (
      <Page>
        {back}
        <EmptyState title={t('cases.detail.notFound')} description={t('cases.detail.notFoundHint')} />
      </Page>
    );
  if (status === 'error')
    return (
      <Page>
        {back}
        <ErrorState
          title={t('cases.detail.loadFailed')}
          description={m.failure ? failureText(m.failure, t) : undefined}
          onRetry={m.retried}
        />
      </Page>
    );
  if (!item)
    return (
      <Page>
        {back}
        <Spin size="large" tip={t('cases.detail.loading')} style={{ width: '100%', padding: 48 }} />
      </Page>
    );

  const heading = (id: string) => (
    <Typography.Title heading={5} className="flc-case__section-title">
      {t(id)}
    </Typography.Title>
  );
  return (
    <Page>
      <PageHeader back={back} title={item.title} extra={<CaseStatusPanel />} />
      <SaveFailedBanner failure={m.updateFailure} title={t('cases.detail.updateFailed')} />
      <div className="flc-case__layout">
        <Surface>
          {heading('cases.detail.conversation')}
          <CaseConversation />
        </Surface>
        <div className="flc-case__side">
          <Surface>
            {heading('cases.detail.details')}
            <CaseFields item={item} />
          </Surface>
          <Surface>
            {heading('cases.detail.assignee')}
            <CaseAssigneePicker />
          </Surface>
          <Surface>
            {heading('cases.detail.notes')}
            <CaseNotes key={item.id} notes={item.notes} />
          </Surface>
        </div>
      </div>
    </Page>
  );
}
