import { $userId, useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { BrokenLinkIcon } from '../ui/icons/broken-link-icon';
import { OfflineIcon } from '../ui/icons/offline-icon';
import { $robots, robotRetryClicked, staffChatOpened, type RobotState } from '../features/staff/staff.model';
import type { ChatTarget } from '../features/chat/chat-target';
import { Loading } from '../features/chat/ui/loading';
import { StateScreen } from '../features/chat/ui/state-screen';
import type { ViewProps } from './chat-view-props';
import { Conversation } from './conversation';

/** The console's debug chat of a robot: the staff member's own sessions, the robot's name, no welcome. */
export function StaffChat({
  processId,
  variant,
  headerExtra,
  prompt,
  onPromptTaken,
}: ViewProps & { processId: string }) {
  const t = useT();
  const [opened, retried, userId, robots] = useUnit([staffChatOpened, robotRetryClicked, $userId, $robots]);
  const state: RobotState = robots[processId] ?? { status: 'loading' };

  useEffect(() => {
    opened(processId);
  }, [opened, processId]);

  const target = useMemo<ChatTarget | null>(
    () => (userId ? { kind: 'staff', processId, userId } : null),
    [processId, userId],
  );

  if (!target)
    return (
      <StateScreen
        tone="neutral"
        icon={<BrokenLinkIcon />}
        title={t('chat.staff.signedOut')}
        description={t('chat.staff.signedOutDescription')}
      />
    );
  switch (state.status) {
    case 'loading':
      return <Loading label={t('chat.loading')} />;
    case 'not-found':
      return (
        <StateScreen
          tone="neutral"
          icon={<BrokenLinkIcon />}
          title={t('chat.staff.notFound')}
          description={t('chat.staff.notFoundDescription')}
        />
      );
    case 'failed':
      return (
        <StateScreen
          tone="warning"
          icon={<OfflineIcon />}
          title={t('chat.failed.title')}
          description={t('chat.failed.description')}
          action={
            <button type="button" className="flc-button" onClick={() => retried(processId)}>
              {t('chat.retry')}
            </button>
          }
        />
      );
    case 'ready':
      return (
        <Conversation
          target={target}
          face={state.robot}
          welcome={null}
          suggestions={[]}
          variant={variant}
          extra={headerExtra}
          prompt={prompt}
          onPromptTaken={onPromptTaken}
        />
      );
  }
}
