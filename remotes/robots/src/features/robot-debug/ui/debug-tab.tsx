import { Typography } from '@flotilla/shared/ui/semi';
import { CHAT_PANEL, useT, type ChatPanelProps } from '@flotilla/shared';
import { RemoteWidget } from '@flotilla/shared/ui';
import type { RobotRef } from '../../../lib/robot-ref';

/**
 * The "Debug" tab: a chat with the robot as it is configured now, in the chat remote's panel (staff
 * mode: the questions are the user's own sessions and show in the logs as the staff channel).
 */
export function DebugTab({ robot }: { robot: RobotRef }) {
  const t = useT();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Typography.Text type="tertiary">{t('robots.debug.hint')}</Typography.Text>
      <div
        role="region"
        aria-label={t('robots.debug.panel')}
        style={{
          height: 640,
          minHeight: 400,
          border: '1px solid var(--semi-color-border)',
          borderRadius: 'var(--semi-border-radius-large)',
          overflow: 'hidden',
        }}
      >
        <RemoteWidget<ChatPanelProps>
          remote={CHAT_PANEL.remote}
          module={CHAT_PANEL.module}
          props={{ processId: robot.processId }}
        />
      </div>
    </div>
  );
}
