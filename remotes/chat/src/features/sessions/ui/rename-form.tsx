import { CHAT_LIMITS, useT, type ChatSession } from '@flotilla/shared';
import { useUnit } from 'effector-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatTarget } from '../../chat/chat-target';
import { renameSubmitted } from '../sessions.model';

export function RenameForm({
  session,
  onDone,
  target,
}: {
  session: ChatSession;
  onDone: () => void;
  target: ChatTarget;
}) {
  const t = useT();
  const renamed = useUnit(renameSubmitted);
  const [title, setTitle] = useState(session.title);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.select(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() && title.trim() !== session.title) renamed({ target, sessionId: session.sessionId, title });
    onDone();
  };
  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onDone();
    }
  };
  return (
    <form className="flc-rename" onSubmit={submit}>
      <input
        ref={input}
        className="flc-rename__input"
        aria-label={t('chat.sessions.renameLabel')}
        value={title}
        maxLength={CHAT_LIMITS.titleLength}
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={cancelOnEscape}
        required
      />
      <button type="submit" className="flc-text-button">
        {t('chat.sessions.save')}
      </button>
      <button type="button" className="flc-text-button flc-text-button--muted" onClick={onDone}>
        {t('chat.cancel')}
      </button>
    </form>
  );
}
