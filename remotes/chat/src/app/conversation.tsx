import { useT } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { MenuIcon } from '../ui/icons/menu-icon';
import { promptFound } from '../features/ask/ask.model';
import { Composer, type Draft } from '../features/ask/ui/composer';
import { MessageList } from '../features/messages/ui/message-list';
import { conversationShown } from '../features/sessions/resume.model';
import { SessionsPanel } from '../features/sessions/ui/sessions-panel';
import { voicesNeeded } from '../features/speech/speech.model';
import { VoicePicker } from '../features/speech/ui/voice-picker';
import type { ChatTarget } from '../features/chat/chat-target';
import { Suggestions } from '../features/ask/ui/suggestions';
import { Avatar, type Face } from '../features/chat/ui/avatar';
import type { ChatVariant } from '../features/chat/ui/chat-variant';
import { PendingMessages } from '../features/chat/ui/pending-messages';
import { PendingSessions } from '../features/chat/ui/pending-sessions';
import { Welcome } from '../features/chat/ui/welcome';

/**
 * A chat: sessions (side column, or a drawer on narrow screens), the header, the conversation and the
 * composer. Until it is ready (`target` null: the share's info or the visitor's id still on the way) the
 * same layout is drawn with what is known, and the composer takes typing, so nothing moves and no text
 * is lost when it becomes ready. The link's prompt is asked once, as soon as the chat is ready.
 */
export function Conversation({
  target,
  face,
  welcome,
  suggestions,
  variant,
  extra,
  prompt,
  onPromptTaken,
  draft,
}: {
  target: ChatTarget | null;
  face: Face | null;
  welcome: string | null;
  suggestions: string[];
  variant: ChatVariant;
  extra?: ReactNode;
  prompt?: string | null;
  onPromptTaken?: () => void;
  draft?: Draft;
}) {
  const t = useT();
  const drawerId = useId();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [shown, needVoices, promptSeen] = useUnit([conversationShown, voicesNeeded, promptFound]);

  // The link's prompt first: a conversation it starts is not replaced by the one kept from before.
  useEffect(() => {
    if (!target || !prompt?.trim()) return;
    promptSeen({ target, prompt });
    onPromptTaken?.();
  }, [prompt, promptSeen, target, onPromptTaken]);

  useEffect(() => {
    if (!target) return;
    shown(target);
    needVoices();
  }, [shown, needVoices, target]);

  const intro = welcome !== null ? <Welcome face={face} text={welcome} /> : null;

  return (
    <div className="flc-layout">
      {target ? (
        <SessionsPanel
          target={target}
          id={drawerId}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          footer={<VoicePicker />}
        />
      ) : (
        <PendingSessions />
      )}
      <div className="flc-backdrop" data-open={drawerOpen} aria-hidden="true" onClick={() => setDrawerOpen(false)} />
      <div className="flc-main">
        <header className="flc-header">
          <button
            type="button"
            className="flc-icon-button flc-header__menu"
            aria-label={t('chat.sessions.open')}
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            disabled={!target}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
          <Avatar face={face} size="large" />
          <h1 className="flc-header__title">{face?.name}</h1>
          {extra && <div className="flc-header__extra">{extra}</div>}
        </header>
        {target ? (
          <MessageList
            target={target}
            label={t('chat.messages.label')}
            asMain={variant === 'page'}
            avatar={<Avatar face={face} size="small" />}
            intro={intro}
            outro={suggestions.length > 0 ? <Suggestions questions={suggestions} target={target} /> : null}
          />
        ) : (
          <PendingMessages intro={intro} label={t('chat.messages.label')} asMain={variant === 'page'} />
        )}
        <Composer target={target} draft={draft} />
        {variant === 'page' && <footer className="flc-footer">{t('chat.poweredBy')}</footer>}
      </div>
    </div>
  );
}
