import { useT } from '@flotilla/shared';
import { useEffect, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { shareIdFrom } from '../lib/share-id';
import { themeColorOf } from '../lib/appearance';
import { ChatView, MissingShare, useShareState } from './chat-view';

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

function SharePage({ shareId, standalone, headerExtra }: { shareId: string; standalone: boolean; headerExtra?: ReactNode }) {
  useDocumentAppearance(shareId, standalone);
  return <ChatView shareId={shareId} variant="page" headerExtra={headerExtra} />;
}

/**
 * The public chat routes (`/chat/:shareId`, `/f/:id`, `/r/:id`, `/chat?shareId=`, `/p/chat?shareId=`):
 * the share id comes from the path or the query.
 */
export function ChatPage({ standalone, headerExtra }: { standalone: boolean; headerExtra?: ReactNode }) {
  const t = useT();
  const params = useParams<{ shareId?: string; id?: string }>();
  const [search] = useSearchParams();
  const shareId = shareIdFrom(params, search);

  useEffect(() => {
    if (standalone && !shareId) document.title = t('chat.notFound.title');
  }, [standalone, shareId, t]);

  if (!shareId) return <MissingShare variant="page" headerExtra={headerExtra} />;
  return <SharePage key={shareId} shareId={shareId} standalone={standalone} headerExtra={headerExtra} />;
}
