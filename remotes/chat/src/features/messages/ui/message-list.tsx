import { failureText, useT } from '@flotilla/shared';
import { useStoreMap, useUnit } from 'effector-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../../ui/icons/close-icon';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { CHAT_FAILURE_WORDS } from '../../chat/lib/failure-words';
import {
  $conversations,
  INITIAL_CONVERSATION,
  messagesRetryClicked,
  noticeDismissed,
  olderMessagesRequested,
} from '../messages.model';
import { PairView } from './pair-view';

/** How close to the top (px) the chatter must scroll for the previous page to load. */
const TOP_ZONE = 48;
/** How close to the bottom (px) counts as "following" the conversation, so new text scrolls into view. */
const BOTTOM_ZONE = 80;

/** One chat's conversation as the list shows it. */
export function useConversation(target: ChatTarget) {
  return useStoreMap({
    store: $conversations,
    keys: [chatKeyOf(target)],
    fn: (all, [key]) => all[key] ?? INITIAL_CONVERSATION,
  });
}

/**
 * The scroll area of a conversation: older pages load when the chatter scrolls to the top (or presses
 * "Earlier messages") without moving what is on screen; new messages and streamed text scroll into
 * view while the chatter is at the bottom. `intro` (welcome) comes first, `outro` (suggestions) last.
 */
export function MessageList({
  target,
  avatar,
  intro,
  outro,
  label,
  asMain,
}: {
  target: ChatTarget;
  avatar: ReactNode;
  intro?: ReactNode;
  outro?: ReactNode;
  label: string;
  asMain: boolean;
}) {
  const t = useT();
  const state = useConversation(target);
  const [older, retried, dismissed] = useUnit([olderMessagesRequested, messagesRetryClicked, noticeDismissed]);
  const area = useRef<HTMLElement>(null);
  const following = useRef(true);
  const before = useRef({ firstId: '', sessionId: state.sessionId as string | null });
  // The content's height when the older page was asked for: what goes in above is the difference.
  const heightAtOlder = useRef(0);
  const hasOlder = state.status === 'ready' && state.sessionId !== null && state.offset < state.total;

  // Runs after each change of the conversation, before paint.
  useLayoutEffect(() => {
    const element = area.current;
    if (!element) return;
    const firstId = state.pairs[0]?.localId ?? '';
    const previous = before.current;
    if (previous.sessionId !== state.sessionId) following.current = true;
    if (
      previous.sessionId === state.sessionId &&
      previous.firstId !== '' &&
      firstId !== previous.firstId &&
      state.pairs.some((p) => p.localId === previous.firstId)
    ) {
      // Older messages went in above: keep the ones on screen where they were.
      element.scrollTop += element.scrollHeight - heightAtOlder.current;
    } else if (following.current) {
      element.scrollTop = element.scrollHeight;
    }
    before.current = { firstId, sessionId: state.sessionId };
  }, [state.pairs, state.sessionId]);

  const askOlder = () => {
    heightAtOlder.current = area.current?.scrollHeight ?? 0;
    older(target);
  };
  const onScroll = () => {
    const element = area.current;
    if (!element) return;
    following.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_ZONE;
    if (element.scrollTop < TOP_ZONE && hasOlder && !state.olderLoading) askOlder();
  };

  const Area = asMain ? 'main' : 'section';
  return (
    <Area
      className="flc-messages"
      aria-label={label}
      ref={area}
      onScroll={onScroll}
      aria-busy={state.status === 'loading' || state.olderLoading}
    >
      {hasOlder && (
        <button type="button" className="flc-text-button flc-older" onClick={askOlder} disabled={state.olderLoading}>
          {state.olderLoading ? t('chat.messages.loadingOlder') : t('chat.messages.older')}
        </button>
      )}
      {intro}
      {state.status === 'loading' && (
        <span
          className="flc-spinner flc-spinner--small flc-messages__spinner"
          role="status"
          aria-label={t('chat.loading')}
        />
      )}
      {state.status === 'error' && (
        <div className="flc-inline-error" role="alert">
          {state.failure && failureText(state.failure, t, CHAT_FAILURE_WORDS)}{' '}
          <button type="button" className="flc-text-button" onClick={() => retried(target)}>
            {t('chat.retry')}
          </button>
        </div>
      )}
      {state.pairs.map((pair) => (
        <PairView key={pair.localId} pair={pair} target={target} avatar={avatar} />
      ))}
      {state.status === 'ready' && state.pairs.length === 0 && outro}
      {state.notice && (
        <div className="flc-notice" role="alert">
          <span>{failureText(state.notice, t, CHAT_FAILURE_WORDS)}</span>
          <button
            type="button"
            className="flc-icon-button"
            aria-label={t('chat.dismiss')}
            onClick={() => dismissed(target)}
          >
            <CloseIcon size={16} />
          </button>
        </div>
      )}
    </Area>
  );
}
