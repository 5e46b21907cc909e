import { accentVariablesOf } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import type { CSSProperties } from 'react';
import { $shares } from '../features/share/share.model';
import type { ViewProps } from './chat-view-props';
import { StaffChat } from './staff-chat';
import { VisitorChat } from './visitor-chat';
import '../features/chat/ui/chat.css';

/** Who the chat is with: a share (a visitor's public chat) or a robot (a staff member's debug chat). */
export type ChatSubject = { shareId: string; linkedVisitorId?: string | null } | { processId: string };

/**
 * The chat with one robot: through a share (`shareId`: the public chat, header in the share's colour,
 * its welcome and suggested questions) or as staff (`processId`: the console's debug chat). `page`
 * fills the screen; `console` and `panel` fill their container and follow the console's theme.
 */
export function ChatView({
  subject,
  variant,
  headerExtra,
  prompt,
  onPromptTaken,
  draft,
}: ViewProps & { subject: ChatSubject }) {
  const shares = useUnit($shares);
  const shareState = 'shareId' in subject ? shares[subject.shareId] : undefined;
  const style = accentVariablesOf(
    shareState?.status === 'ready' ? shareState.info.themeColor : undefined,
  ) as CSSProperties;
  const view = { variant, headerExtra, prompt, onPromptTaken, draft };
  return (
    <div className={`flc-chat flc-chat--${variant}`} style={style} data-status={shareState?.status ?? 'ready'}>
      <div className="flc-chat__frame">
        {'shareId' in subject ? (
          <VisitorChat shareId={subject.shareId} linkedVisitorId={subject.linkedVisitorId} {...view} />
        ) : (
          <StaffChat processId={subject.processId} {...view} />
        )}
      </div>
    </div>
  );
}
