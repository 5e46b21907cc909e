import { useT } from '@flotilla/shared';
import { useEffect, type ReactNode } from 'react';
import { ChatView, MissingShare, useShareState } from '../../chat/ui/chat-view';
import type { Draft } from '../../ask/ui/composer';
import type { ChatLink } from '../lib/chat-link';
import { themeColorOf } from '@flotilla/shared';

/** Keeps the tab title and the phone's browser colour in step with the share (standalone page only). */
function useDocumentAppearance(shareId: string, enabled: boolean) {
  const t = useT();
  const state = useShareState(shareId);
  useEffect(() => {
    if (!enabled) return;
    document.title =
      state.status === 'ready' ? state.info.name : state.status === 'not-found' ? t('chat.notFound.title') : t('chat.title');
    const color = themeColorOf(state.status === 'ready' ? state.info.themeColor : undefined);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }, [enabled, state, t]);
}

type PageProps = { standalone: boolean; headerExtra?: ReactNode; onPromptTaken?: () => void; draft?: Draft };

function SharePage({ link, shareId, standalone, headerExtra, onPromptTaken, draft }: PageProps & { link: ChatLink; shareId: string }) {
  useDocumentAppearance(shareId, standalone);
  return (
    <ChatView
      subject={{ shareId, linkedVisitorId: link.visitorId }}
      variant={standalone ? 'page' : 'console'}
      headerExtra={headerExtra}
      prompt={link.prompt}
      onPromptTaken={onPromptTaken}
      draft={draft}
    />
  );
}

/**
 * The public chat page (`/chat/:shareId`, `/f/:id`, `/r/:id`, `/chat?shareId=`, `/p/chat?shareId=`)
 * for the link the router (console) or the page itself (standalone) read. `onPromptTaken` removes
 * the asked `?prompt=` from the address.
 */
export function ChatPage({ link, standalone, headerExtra, onPromptTaken, draft }: PageProps & { link: ChatLink }) {
  const t = useT();

  useEffect(() => {
    if (standalone && !link.shareId) document.title = t('chat.notFound.title');
  }, [standalone, link.shareId, t]);

  if (!link.shareId) return <MissingShare variant={standalone ? 'page' : 'console'} headerExtra={headerExtra} />;
  return (
    <SharePage
      key={link.shareId}
      link={link}
      shareId={link.shareId}
      standalone={standalone}
      headerExtra={headerExtra}
      onPromptTaken={onPromptTaken}
      draft={draft}
    />
  );
}
