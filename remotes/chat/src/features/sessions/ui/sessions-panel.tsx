import { failureText, useT } from '@flotilla/shared';
import { useStoreMap, useUnit } from 'effector-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from '../../../ui/icons/close-icon';
import { PencilIcon } from '../../../ui/icons/pencil-icon';
import { PlusIcon } from '../../../ui/icons/plus-icon';
import { chatKeyOf, type ChatTarget } from '../../chat/chat-target';
import { CHAT_FAILURE_WORDS } from '../../chat/lib/failure-words';
import {
  $sessions,
  INITIAL_SESSIONS,
  moreSessionsClicked,
  newChatClicked,
  renameSessionFx,
  sessionClicked,
  sessionsRetryClicked,
} from '../sessions.model';
import { RenameForm } from './rename-form';

/** One chatter's sessions, as the list shows them. */
export function useSessions(target: ChatTarget) {
  return useStoreMap({ store: $sessions, keys: [chatKeyOf(target)], fn: (all, [key]) => all[key] ?? INITIAL_SESSIONS });
}

/**
 * The chatter's sessions with this robot: "New chat", the list (newest activity first, the one on
 * screen marked), rename in place, and more on demand. A side column on wide screens, a drawer on
 * phones (`open`); `footer` holds the voice picker.
 */
export function SessionsPanel({
  target,
  id,
  open,
  onClose,
  footer,
}: {
  target: ChatTarget;
  id: string;
  open: boolean;
  onClose: () => void;
  footer?: ReactNode;
}) {
  const t = useT();
  const state = useSessions(target);
  const [created, clicked, more, retried, renamePending] = useUnit([
    newChatClicked,
    sessionClicked,
    moreSessionsClicked,
    sessionsRetryClicked,
    renameSessionFx.pending,
  ]);
  // The local editing flag of a session: the one being renamed.
  const [editingId, setEditingId] = useState<string | null>(null);
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('button')?.focus();
  }, [open]);

  const pick = (sessionId: string) => {
    clicked({ target, sessionId });
    onClose();
  };

  return (
    <nav
      ref={panel}
      id={id}
      className="flc-sessions"
      data-open={open}
      aria-label={t('chat.sessions.label')}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <div className="flc-sessions__head">
        <button
          type="button"
          className="flc-new-chat"
          onClick={() => created(target)}
          disabled={state.creating}
          aria-busy={state.creating}
        >
          <PlusIcon size={18} />
          {t('chat.sessions.new')}
        </button>
        <button
          type="button"
          className="flc-icon-button flc-sessions__close"
          aria-label={t('chat.sessions.close')}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <h2 className="flc-sessions__title">{t('chat.sessions.title')}</h2>
      {state.failure && state.status !== 'error' && (
        <p className="flc-inline-error" role="alert">
          {failureText(state.failure, t, CHAT_FAILURE_WORDS)}
        </p>
      )}
      <ul className="flc-sessions__list" aria-busy={state.status === 'loading' || renamePending}>
        {state.list.map((session) => (
          <li key={session.sessionId} className="flc-session">
            {editingId === session.sessionId ? (
              <RenameForm session={session} target={target} onDone={() => setEditingId(null)} />
            ) : (
              <>
                <button
                  type="button"
                  className="flc-session__open"
                  aria-current={session.sessionId === state.activeId ? 'true' : undefined}
                  onClick={() => pick(session.sessionId)}
                >
                  {session.title || t('chat.sessions.untitled')}
                </button>
                <button
                  type="button"
                  className="flc-icon-button flc-session__rename"
                  aria-label={t('chat.sessions.rename', { title: session.title || t('chat.sessions.untitled') })}
                  onClick={() => setEditingId(session.sessionId)}
                >
                  <PencilIcon size={16} />
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {state.status === 'loading' && (
        <span className="flc-spinner flc-spinner--small" role="status" aria-label={t('chat.loading')} />
      )}
      {state.status === 'ready' && state.list.length === 0 && (
        <p className="flc-sessions__empty">{t('chat.sessions.empty')}</p>
      )}
      {state.status === 'error' && (
        <div className="flc-inline-error" role="alert">
          {state.failure && failureText(state.failure, t, CHAT_FAILURE_WORDS)}{' '}
          <button type="button" className="flc-text-button" onClick={() => retried(target)}>
            {t('chat.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && state.list.length < state.total && (
        <button
          type="button"
          className="flc-text-button flc-sessions__more"
          onClick={() => more(target)}
          disabled={state.moreLoading}
          aria-busy={state.moreLoading}
        >
          {t('chat.sessions.more')}
        </button>
      )}
      {footer && <div className="flc-sessions__footer">{footer}</div>}
    </nav>
  );
}
