import { Tag } from '@flotilla/shared/ui/semi';
import { useT } from '@flotilla/shared';

/** Whether the robot answers (enabled) or not. */
export function RobotStatusTag({ enabled }: { enabled: boolean }) {
  const t = useT();
  return (
    <Tag color={enabled ? 'green' : 'grey'} type="light">
      {t(enabled ? 'robots.status.enabled' : 'robots.status.disabled')}
    </Tag>
  );
}
