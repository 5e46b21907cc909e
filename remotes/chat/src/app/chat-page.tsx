import { useT } from '@flotilla/shared';
import { useEffect } from 'react';
import { MissingShare } from '../features/chat/ui/missing-share';
import type { ChatLink } from '../features/share/lib/chat-link';
import { SharePage, type PageProps } from './share-page';

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
