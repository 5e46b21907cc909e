import { loadCatalogs } from '@flotilla/shared';
import { chatCatalogs } from '../app/catalogs';
import { ChatView } from '../features/chat/ui/chat-view';

loadCatalogs(chatCatalogs);

/**
 * The props of `./ChatPanel`: `shareId` shows a share's public chat (a share preview); `processId`
 * is the console's debug chat of that robot, as the logged-in user (calls carry `processId` and the token).
 */
export type ChatPanelProps = { shareId: string } | { processId: string };

/** The chat of a share or a robot, embeddable in the console. Fills its container; follows the console's theme. */
export default function ChatPanel(props: ChatPanelProps) {
  return <ChatView subject={'processId' in props ? { processId: props.processId } : { shareId: props.shareId }} variant="panel" />;
}
