import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import { LeavePrompt } from './leave-prompt';

/**
 * Keeps unsaved changes from being lost while `when` holds: the browser asks before the tab closes or
 * reloads, and the app asks before it routes elsewhere. Routing can only be held by a data router (the
 * shell's); under a plain router only the browser asks.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    if (!when) return undefined;
    const hold = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', hold);
    return () => window.removeEventListener('beforeunload', hold);
  }, [when]);
  return dataRouter ? <LeavePrompt when={when} /> : null;
}
