import { Banner, Button, Space, Spin } from '@flotilla/shared/ui/semi';
import { failureText, robotDetailPath, useT } from '@flotilla/shared';
import { BackButton, ErrorState, Page, PageHeader, SaveFailedBanner, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { flowV3Path } from '../../../lib/paths';
import {
  $formVersion,
  $loadFailure,
  $loading,
  $pickedTemplate,
  $saveFailure,
  $saving,
  $sceneSources,
  $scene,
  sceneEditOpened,
  sceneRetryClicked,
  sceneSubmitted,
} from '../business-scenes.model';
import { SCENE_LIST_PATH } from '../lib/scene-paths';
import { initialSceneValues, SceneForm } from './scene-form';

/** `/business-scene/edit?id=`: the scene's form filled in; saving builds and publishes its flow again. */
export function SceneEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const processId = search.get('id') ?? '';
  const m = useUnit({
    scene: $scene,
    template: $pickedTemplate,
    sources: $sceneSources,
    loading: $loading,
    loadFailure: $loadFailure,
    saveFailure: $saveFailure,
    saving: $saving,
    formVersion: $formVersion,
    opened: sceneEditOpened,
    retried: sceneRetryClicked,
    submitted: sceneSubmitted,
  });
  const { opened } = m;
  useEffect(() => {
    if (processId) opened(processId);
  }, [opened, processId]);

  const back = <BackButton to={SCENE_LIST_PATH}>{t('robots.scenes.title')}</BackButton>;
  let body;
  if (!processId) body = <ErrorState title={t('robots.scenes.noScene')} />;
  else if (m.loadFailure)
    body = (
      <ErrorState
        title={t('robots.scenes.loadFailed')}
        description={failureText(m.loadFailure, t)}
        onRetry={m.retried}
      />
    );
  else if (m.loading || !m.scene) body = <Spin />;
  else if (!m.template) body = <ErrorState title={t('robots.scenes.templateGone')} />;
  else
    body = (
      <>
        <Banner
          type="warning"
          fullMode={false}
          closeIcon={null}
          description={t('robots.scenes.regenerateWarning')}
          style={{ marginBottom: 16 }}
        />
        <SaveFailedBanner failure={m.saveFailure} title={t('robots.scenes.saveFailed')} />
        <SceneForm
          key={m.formVersion}
          template={m.template}
          initial={initialSceneValues(m.template, m.scene)}
          sources={m.sources}
          saving={m.saving}
          submitLabel={t('robots.scenes.save')}
          onSubmit={m.submitted}
        />
      </>
    );

  const extra = m.scene && (
    <Space>
      <Button onClick={() => navigate(flowV3Path(m.scene?.processId ?? processId))}>
        {t('robots.scenes.openFlow')}
      </Button>
      <Button onClick={() => navigate(robotDetailPath(m.scene?.processId ?? processId))}>
        {t('robots.scenes.openRobot')}
      </Button>
    </Space>
  );
  return (
    <Page>
      <PageHeader
        back={back}
        title={m.scene ? t('robots.scenes.editNamed', { name: m.scene.name }) : t('robots.scenes.editTitle')}
        description={m.template?.name}
        extra={extra}
      />
      <Surface>{body}</Surface>
    </Page>
  );
}
