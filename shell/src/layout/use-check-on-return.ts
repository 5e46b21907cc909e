import { useEffect } from 'react';

/**
 * Calls `check` when the component appears and whenever the user comes back to the page (the window gets
 * the focus again, or the tab becomes visible): fresh enough for navbar indicators, with no timer.
 */
export function useCheckOnReturn(check: () => void): void {
  useEffect(() => {
    check();
    const onFocus = () => check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [check]);
}
