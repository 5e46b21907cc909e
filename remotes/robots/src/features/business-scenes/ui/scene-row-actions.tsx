import { Button, Space } from '@flotilla/shared/ui/semi';
import { robotDetailPath, useT, type Robot } from '@flotilla/shared';
import { useNavigate } from 'react-router-dom';
import { flowV3Path } from '../../../lib/paths';
import { sceneEditPath } from '../lib/scene-paths';

/** A scene robot's actions: edit its form, open its flow in the editor, open the robot. */
export function SceneRowActions({ robot }: { robot: Robot }) {
  const t = useT();
  const navigate = useNavigate();
  const named = { name: robot.name };
  return (
    <Space spacing={4} wrap>
      <Button
        size="small"
        aria-label={t('robots.scenes.editNamedAction', named)}
        onClick={() => navigate(sceneEditPath(robot.processId))}
      >
        {t('robots.scenes.edit')}
      </Button>
      <Button
        size="small"
        aria-label={t('robots.scenes.openFlowNamed', named)}
        onClick={() => navigate(flowV3Path(robot.processId))}
      >
        {t('robots.scenes.openFlow')}
      </Button>
      <Button
        size="small"
        aria-label={t('robots.scenes.openRobotNamed', named)}
        onClick={() => navigate(robotDetailPath(robot.processId))}
      >
        {t('robots.scenes.openRobot')}
      </Button>
    </Space>
  );
}
