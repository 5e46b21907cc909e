import { Button, Spin, Tag } from '@flotilla/shared/ui/semi';
import { failureText, robotDetailPath, useDateTime, useT } from '@flotilla/shared';
import { BackButton, EmptyState, ErrorState, Page, PageHeader, SaveFailedBanner } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { flowV3Path, ROBOT_LIST_PATH } from '../../../lib/paths';
import {
  $actionFailure,
  $converted,
  $converting,
  $dirty,
  $flow,
  $mode,
  $pageFailure,
  $pageStatus,
  $processId,
  $publishing,
  $robot,
  $saving,
  $savedSteps,
  convertConfirmed,
  convertedOpened,
  flowPublishClicked,
  flowSaveClicked,
  flowV1Opened,
  flowV1RetryClicked,
  v1FlowStarted,
} from '../flow-v1.model';
import { ConvertButton } from './convert-button';
import { FlowV1Steps } from './flow-v1-steps';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** `/ai/:id?/flow`: a robot's v1 flow, its steps edited as a form, saved, published or converted to v3. */
export function FlowV1Page() {
  const t = useT();
  const formatDate = useDateTime();
  const navigate = useNavigate();
  const { id } = useParams();
  const m = useUnit({
    shownId: $processId,
    status: $pageStatus,
    failure: $pageFailure,
    robot: $robot,
    flow: $flow,
    mode: $mode,
    dirty: $dirty,
    saved: $savedSteps,
    saving: $saving,
    publishing: $publishing,
    converting: $converting,
    converted: $converted,
    actionFailure: $actionFailure,
    opened: flowV1Opened,
    retried: flowV1RetryClicked,
    started: v1FlowStarted,
    saveClicked: flowSaveClicked,
    publishClicked: flowPublishClicked,
    convert: convertConfirmed,
    convertedOpened,
  });
  const { opened, converted, convertedOpened: leftForV3 } = m;
  useEffect(() => {
    opened(id);
  }, [id, opened]);
  // Converted: the v3 editor takes the flow from here (the guard has nothing unsaved to hold).
  useEffect(() => {
    if (!converted) return;
    leftForV3();
    navigate(flowV3Path(converted));
  }, [converted, leftForV3, navigate]);

  // Until the model has caught up with the route (first render), the stored state is another robot's.
  const current = m.shownId === (id || null);
  const status = current ? m.status : 'loading';
  const busy = m.saving || m.publishing || m.converting;

  const back = (
    <BackButton to={id ? robotDetailPath(id) : ROBOT_LIST_PATH}>
      {t(id ? 'robots.flowV1.backToRobot' : 'robots.detail.back')}
    </BackButton>
  );

  if (status === 'not-found') {
    return (
      <Page>
        {back}
        <EmptyState title={t('robots.detail.notFound')} description={t('robots.detail.notFoundHint')} />
      </Page>
    );
  }
  if (status === 'error') {
    return (
      <Page>
        {back}
        <ErrorState
          title={t('robots.flowV1.loadFailed')}
          description={m.failure ? failureText(m.failure, t) : undefined}
          onRetry={m.retried}
        />
      </Page>
    );
  }
  if (!current || !m.robot) {
    return (
      <Page>
        {back}
        <Spin size="large" tip={t('robots.flowV1.loading')} style={{ width: '100%', padding: 48 }} />
      </Page>
    );
  }

  const { robot } = m;
  const published = m.flow?.publishedAt
    ? t('robots.flowV1.publishedAt', { time: formatDate(m.flow.publishedAt) })
    : t('robots.flowV1.notPublished');
  const stepsMode = m.mode === 'steps';
  return (
    <Page>
      <UnsavedChangesGuard when={stepsMode && m.dirty} />
      <PageHeader
        back={back}
        title={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            {t('robots.flowV1.title', { name: robot.name })}
            {stepsMode && (
              <Tag color="violet" type="light">
                {t('robots.flowV1.versionTag')}
              </Tag>
            )}
          </span>
        }
        description={stepsMode ? (m.dirty ? `${published} · ${t('robots.flowV1.unsaved')}` : published) : undefined}
        extra={
          stepsMode && (
            <>
              <ConvertButton onConfirm={m.convert} loading={m.converting} disabled={busy} />
              <Button loading={m.publishing} disabled={busy || m.dirty || m.saved === null} onClick={m.publishClicked}>
                {t('robots.flowV1.publish')}
              </Button>
              <Button
                theme="solid"
                type="primary"
                loading={m.saving}
                disabled={busy || !m.dirty}
                onClick={m.saveClicked}
              >
                {t('robots.flowV1.save')}
              </Button>
            </>
          )
        }
      />
      {m.mode === 'none' && (
        <EmptyState
          title={t('robots.flowV1.none')}
          description={t('robots.flowV1.noneHint')}
          action={
            <Button theme="solid" type="primary" onClick={m.started}>
              {t('robots.flowV1.start')}
            </Button>
          }
        />
      )}
      {m.mode === 'v3' && (
        <EmptyState
          title={t('robots.flowV1.isV3')}
          description={t('robots.flowV1.isV3Hint')}
          action={
            <Button theme="solid" type="primary" onClick={() => navigate(flowV3Path(robot.processId))}>
              {t('robots.flowV1.openV3')}
            </Button>
          }
        />
      )}
      {stepsMode && (
        <>
          <SaveFailedBanner failure={m.actionFailure} title={t('robots.flowV1.actionFailed')} />
          <FlowV1Steps />
        </>
      )}
    </Page>
  );
}
