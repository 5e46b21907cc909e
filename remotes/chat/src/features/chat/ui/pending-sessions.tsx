import { useT } from '@flotilla/shared';

/** The sessions column while the chat is not ready: the same box, empty. */
export function PendingSessions() {
  const t = useT();
  return <nav className="flc-sessions" data-open="false" aria-label={t('chat.sessions.label')} aria-busy="true" />;
}
