import { Banner, Button, Popconfirm, Progress, Spin, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useDateTime, useT } from '@flotilla/shared';
import { BackButton, EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { COMPARISONS_PATH } from '../lib/comparisons-path';
import {
  $deleting,
  $detail,
  $detailFailure,
  $restarting,
  comparisonDeleteClicked,
  comparisonRestartClicked,
  comparisonRetryClicked,
} from '../comparisons.model';
import { ComparisonFigure } from './comparison-figure';
import { ComparisonItemCard } from './comparison-item-card';
import { ComparisonStatusTag } from './comparison-status-tag';
import { ScoreValue } from './score-value';

/** One comparison: its aggregate scores, better/worse counts and every answered question side by side. */
export function ComparisonDetailView({ id }: { id: string }) {
  const t = useT();
  const formatDate = useDateTime();
  const m = useUnit({
    detail: $detail,
    failure: $detailFailure,
    restarting: $restarting,
    deleting: $deleting,
    retried: comparisonRetryClicked,
    restart: comparisonRestartClicked,
    remove: comparisonDeleteClicked,
  });
  const back = <BackButton to={COMPARISONS_PATH}>{t('cases.comparisons.back')}</BackButton>;
  const detail = m.detail?.id === id ? m.detail : null;

  if (!detail && m.failure?.status === 404)
    return (
      <Page>
        {back}
        <EmptyState title={t('cases.comparisons.notFound')} description={t('cases.comparisons.notFoundHint')} />
      </Page>
    );
  if (!detail && m.failure)
    return (
      <Page>
        {back}
        <ErrorState
          title={t('cases.comparisons.detailFailed')}
          description={failureText(m.failure, t)}
          onRetry={m.retried}
        />
      </Page>
    );
  if (!detail)
    return (
      <Page>
        {back}
        <Spin size="large" tip={t('cases.comparisons.loading')} style={{ width: '100%', padding: 48 }} />
      </Page>
    );

  const running = detail.status === 'queued' || detail.status === 'running';
  const robot = detail.processName || t('cases.comparisons.robotDeleted');
  const compared = detail.compareProcessId !== null;
  const compareRobot = compared ? detail.compareProcessName || t('cases.comparisons.robotDeleted') : null;
  const actions = (
    <>
      <Button onClick={() => m.restart(detail.id)} disabled={running} loading={m.restarting}>
        {detail.status === 'failed' ? t('cases.comparisons.resume') : t('cases.comparisons.restart')}
      </Button>
      <Popconfirm
        title={t('cases.comparisons.deleteConfirm')}
        content={t('cases.comparisons.deleteHint')}
        okText={t('cases.comparisons.delete')}
        cancelText={t('cases.comparisons.form.cancel')}
        onConfirm={() => {
          m.remove(detail.id);
        }}
      >
        <Button type="danger" loading={m.deleting}>
          {t('cases.comparisons.delete')}
        </Button>
      </Popconfirm>
    </>
  );

  return (
    <Page>
      <PageHeader
        back={back}
        title={detail.name}
        description={t('cases.comparisons.createdAt', { when: formatDate(detail.createdAt) })}
        extra={actions}
      />
      {detail.status === 'failed' && (
        <Banner
          type="danger"
          fullMode={false}
          closeIcon={null}
          title={t('cases.comparisons.failed')}
          description={detail.error ?? t('cases.comparisons.failedHint')}
        />
      )}
      <Surface>
        <div className="flc-comparisons__summary">
          <ComparisonFigure label={t('cases.comparisons.column.status')}>
            <ComparisonStatusTag status={detail.status} />
          </ComparisonFigure>
          <ComparisonFigure label={robot}>
            <ScoreValue score={detail.score} label={robot} />
          </ComparisonFigure>
          {compareRobot !== null && (
            <ComparisonFigure label={compareRobot}>
              <ScoreValue score={detail.compareScore} label={compareRobot} />
            </ComparisonFigure>
          )}
          {compared && detail.status === 'done' && (
            <>
              <ComparisonFigure label={t('cases.comparisons.betterCount', { robot })}>
                {detail.betterCount}
              </ComparisonFigure>
              <ComparisonFigure label={t('cases.comparisons.worseCount', { robot })}>
                {detail.worseCount}
              </ComparisonFigure>
            </>
          )}
          <ComparisonFigure label={t('cases.comparisons.answered')}>
            {t('cases.comparisons.answeredOf', { answered: detail.answeredCount, total: detail.questionCount })}
          </ComparisonFigure>
        </div>
        {running && (
          <Progress
            percent={Math.round(detail.progress * 100)}
            showInfo
            aria-label={t('cases.comparisons.progress')}
            style={{ marginTop: 16 }}
          />
        )}
      </Surface>
      <Surface>
        <Typography.Title heading={5}>{t('cases.comparisons.questions')}</Typography.Title>
        {detail.items.length === 0 ? (
          <EmptyState
            title={running ? t('cases.comparisons.noItemsYet') : t('cases.comparisons.noItems')}
            description={running ? t('cases.comparisons.noItemsYetHint') : undefined}
          />
        ) : (
          <div className="flc-comparisons__items">
            {detail.items.map((item) => (
              <ComparisonItemCard key={item.position} item={item} robot={robot} compareRobot={compareRobot} />
            ))}
          </div>
        )}
      </Surface>
    </Page>
  );
}
