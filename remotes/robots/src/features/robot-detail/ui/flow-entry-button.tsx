import { Button, IconGridView } from '@flotilla/shared/ui/semi';
import { useT, type Robot } from '@flotilla/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { flowPath, flowV3Path } from '../../../lib/paths';
import { getFlowVersion } from '../api/get-flow-version';

const editorPath = (processId: string, version: 'v1' | 'v3') =>
  version === 'v3' ? flowV3Path(processId) : flowPath(processId);

/**
 * The way into a robot's flow: "Edit flow" opens the editor of its version (a v1 list of steps or a v3
 * graph); for a simple robot "Build a flow" opens the graph editor with a new flow, which its first save
 * makes a flow robot.
 */
export function FlowEntryButton({ robot }: { robot: Robot }) {
  const t = useT();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  if (robot.type !== 'flow')
    return (
      <Button icon={<IconGridView />} onClick={() => navigate(flowV3Path(robot.processId))}>
        {t('robots.detail.buildFlow')}
      </Button>
    );
  const open = async () => {
    setOpening(true);
    // When the version cannot be read, the graph editor opens and says what went wrong itself.
    const version = await getFlowVersion(robot.processId).catch(() => 'v3' as const);
    setOpening(false);
    navigate(editorPath(robot.processId, version));
  };
  return (
    <Button icon={<IconGridView />} theme="solid" type="primary" loading={opening} onClick={() => void open()}>
      {t('robots.detail.editFlow')}
    </Button>
  );
}
