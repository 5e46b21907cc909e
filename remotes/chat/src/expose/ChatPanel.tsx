import { loadCatalogs } from '@flotilla/shared';
import { chatCatalogs } from '../app/catalogs';
import { ChatView } from '../features/share/ui/chat-view';

loadCatalogs(chatCatalogs);

/** The chat of a share, embeddable in the console (e.g. a robot's share preview). Fills its container. */
export default function ChatPanel({ shareId }: { shareId: string }) {
  return <ChatView shareId={shareId} variant="panel" />;
}
