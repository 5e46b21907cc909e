import './shared-api-check';
import { loadCatalogs, type ChatPanelProps } from '@flotilla/shared';
import { chatCatalogs } from '../app/catalogs';
import { ChatView } from '../app/chat-view';

loadCatalogs(chatCatalogs);

/** The chat of a share or a robot, embeddable in the console. Fills its container; follows the console's theme. */
export default function ChatPanel(props: ChatPanelProps) {
  return (
    <ChatView
      subject={'processId' in props ? { processId: props.processId } : { shareId: props.shareId }}
      variant="panel"
    />
  );
}
