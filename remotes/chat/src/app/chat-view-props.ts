import type { ReactNode } from 'react';
import type { Draft } from '../features/ask/ui/composer';
import type { ChatVariant } from '../features/chat/ui/chat-variant';

/** What every chat view takes beside whom the chat is with. */
export type ViewProps = {
  variant: ChatVariant;
  headerExtra?: ReactNode;
  prompt?: string | null;
  onPromptTaken?: () => void;
  draft?: Draft;
};
