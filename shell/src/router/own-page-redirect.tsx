import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from '@flotilla/shared';
import { useRouteSettled } from '../progress/route-progress';

/** The URL the document was loaded with: when the shell itself was served for a chat path, don't reload in a loop. */
const INITIAL_URL = typeof window === 'undefined' ? '' : window.location.pathname + window.location.search;

/**
 * A path with its own HTML page, which the server serves on a full page load (the public chat, the
 * login page): reaching one inside the shell (a link, history, a guard) leaves the shell.
 * `linkId` labels the link shown when the shell itself was served there.
 */
export function OwnPageRedirect({ linkId }: { linkId: string }) {
  const t = useT();
  const location = useLocation();
  const href = location.pathname + location.search + location.hash;
  const servedHere = location.pathname + location.search === INITIAL_URL;
  useRouteSettled(servedHere, location.key);
  useEffect(() => {
    if (!servedHere) window.location.assign(href);
  }, [href, servedHere]);
  return (
    <div className="fl-full-page" role="status">
      {servedHere ? <a href={href}>{t(linkId)}</a> : t('shell.loading')}
    </div>
  );
}
