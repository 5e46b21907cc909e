import { useT, type ShareInfo } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect, useMemo } from 'react';
import { BrokenLinkIcon } from '../ui/icons/broken-link-icon';
import { OfflineIcon } from '../ui/icons/offline-icon';
import { chatOpened, shareRetryClicked } from '../features/share/share.model';
import { $visitorId, visitorLinked } from '../features/visitor/visitor.model';
import type { ChatTarget } from '../features/chat/chat-target';
import { StateScreen } from '../features/chat/ui/state-screen';
import { useShareState } from '../features/share/ui/use-share-state';
import { MyRequests } from '../features/visitor-cases/ui/my-requests';
import type { ViewProps } from './chat-view-props';
import { Conversation } from './conversation';

/** A visitor's chat through a share: the conversation, or why there is none (not found, failed with Retry). */
export function VisitorChat({
  shareId,
  linkedVisitorId,
  variant,
  headerExtra,
  prompt,
  onPromptTaken,
  draft,
}: ViewProps & { shareId: string; linkedVisitorId?: string | null }) {
  const t = useT();
  const [opened, retried, linked, visitorId] = useUnit([chatOpened, shareRetryClicked, visitorLinked, $visitorId]);
  const state = useShareState(shareId);

  useEffect(() => {
    if (linkedVisitorId) linked(linkedVisitorId);
    opened(shareId);
  }, [opened, linked, shareId, linkedVisitorId]);

  const target = useMemo<ChatTarget | null>(
    () => (visitorId ? { kind: 'visitor', shareId, userId: visitorId } : null),
    [shareId, visitorId],
  );

  switch (state.status) {
    case 'not-found':
      return (
        <StateScreen
          tone="neutral"
          icon={<BrokenLinkIcon />}
          title={t('chat.notFound.title')}
          description={t('chat.notFound.description')}
          extra={headerExtra}
        />
      );
    case 'failed':
      return (
        <StateScreen
          tone="warning"
          icon={<OfflineIcon />}
          title={t('chat.failed.title')}
          description={t('chat.failed.description')}
          extra={headerExtra}
          action={
            <button type="button" className="flc-button" onClick={() => retried(shareId)}>
              {t('chat.retry')}
            </button>
          }
        />
      );
    case 'loading':
    case 'ready': {
      // While the info is on the way the chat is drawn without it (header neutral), not as a spinner.
      const info: ShareInfo | null = state.status === 'ready' ? state.info : null;
      return (
        <Conversation
          target={info ? target : null}
          face={info}
          welcome={info ? info.welcome.trim() || t('chat.welcome.default', { name: info.name }) : null}
          suggestions={info ? info.suggestedQuestions.map((q) => q.trim()).filter(Boolean) : []}
          variant={variant}
          extra={
            info && visitorId ? (
              <>
                <MyRequests shareId={shareId} visitorId={visitorId} />
                {headerExtra}
              </>
            ) : (
              headerExtra
            )
          }
          prompt={prompt}
          onPromptTaken={onPromptTaken}
          draft={draft}
        />
      );
    }
  }
}
