import { useT } from '@flotilla/shared';
import { useEffect, type ReactNode } from 'react';
import { ChatView } from './chat-view';
import { useShareState } from '../features/share/ui/use-share-state';
import type { Draft } from '../features/ask/ui/composer';
import type { ChatLink } from '../features/share/lib/chat-link';
import { themeColorOf } from '@flotilla/shared';

/** Keeps the tab title and the phone's browser colour in step with the share (standalone page only). */
function useDocumentAppearance(shareId: string, enabled: boolean) {
  const t = useT();
  const state = useShareState(shareId);
  useEffect(() => {
    if (!enabled) return;
    document.title =
      state.status === 'ready'
        ? state.info.name
        : state.status === 'not-found'
          ? t('chat.notFound.title')
          : t('chat.title');
    const color = themeColorOf(state.status === 'ready' ? state.info.themeColor : undefined);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', color);
  }, [enabled, state, t]);
}

export type PageProps = { standalone: boolean; headerExtra?: ReactNode; onPromptTaken?: () => void; draft?: Draft };

export function SharePage({
  link,
  shareId,
  standalone,
  headerExtra,
  onPromptTaken,
  draft,
}: PageProps & { link: ChatLink; shareId: string }) {
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
