import { Button, Spin } from '@flotilla/shared/ui/semi';
import { failureText, robotDetailPath, useT } from '@flotilla/shared';
import { BackButton, ErrorState, Page, PageHeader, SaveFailedBanner, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  $createdRobot,
  $formVersion,
  $loadFailure,
  $loading,
  $pickedTemplate,
  $saveFailure,
  $saving,
  $sceneSources,
  $templates,
  createdSceneOpened,
  sceneCreateOpened,
  sceneRetryClicked,
  sceneSubmitted,
  templateChangeClicked,
  templatePicked,
} from '../business-scenes.model';
import { SCENE_LIST_PATH } from '../lib/scene-paths';
import { initialSceneValues, SceneForm } from './scene-form';
import { TemplateCards } from './template-cards';

/** `/business-scene/create`: pick a template, fill its short form, create the robot and open it. */
export function SceneCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const m = useUnit({
    templates: $templates,
    template: $pickedTemplate,
    sources: $sceneSources,
    loading: $loading,
    loadFailure: $loadFailure,
    saveFailure: $saveFailure,
    saving: $saving,
    formVersion: $formVersion,
    created: $createdRobot,
    opened: sceneCreateOpened,
    retried: sceneRetryClicked,
    picked: templatePicked,
    changeClicked: templateChangeClicked,
    submitted: sceneSubmitted,
    createdOpened: createdSceneOpened,
  });
  const { opened, created, createdOpened } = m;
  useEffect(() => opened(), [opened]);
  // The new robot is an ordinary flow robot: its detail page is where it is shared and tried.
  useEffect(() => {
    if (!created) return;
    createdOpened();
    navigate(robotDetailPath(created.processId));
  }, [created, createdOpened, navigate]);

  const back = <BackButton to={SCENE_LIST_PATH}>{t('robots.scenes.title')}</BackButton>;
  let body;
  if (m.loadFailure)
    body = (
      <ErrorState
        title={t('robots.scenes.loadFailed')}
        description={failureText(m.loadFailure, t)}
        onRetry={m.retried}
      />
    );
  else if (m.loading && m.templates.length === 0) body = <Spin />;
  else if (!m.template) body = <TemplateCards templates={m.templates} onPick={m.picked} />;
  else
    body = (
      <>
        <SaveFailedBanner failure={m.saveFailure} title={t('robots.scenes.createFailed')} />
        <SceneForm
          key={m.formVersion}
          template={m.template}
          initial={initialSceneValues(m.template)}
          sources={m.sources}
          saving={m.saving}
          submitLabel={t('robots.scenes.create')}
          onSubmit={m.submitted}
        />
      </>
    );

  return (
    <Page>
      <PageHeader
        back={back}
        title={m.template ? t('robots.scenes.createNamed', { name: m.template.name }) : t('robots.scenes.createTitle')}
        description={m.template?.description ?? t('robots.scenes.pickTemplate')}
        extra={m.template && <Button onClick={m.changeClicked}>{t('robots.scenes.changeTemplate')}</Button>}
      />
      <Surface>{body}</Surface>
    </Page>
  );
}
