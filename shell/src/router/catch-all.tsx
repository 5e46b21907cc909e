import { useLocation } from 'react-router-dom';
import { isSsoCallback } from '../login/sso';
import { SsoCallbackPage } from '../login/sso-callback-page';
import { AuthedArea } from './authed-area';

/** Every path no other shell route takes: an SSO callback (any path containing oauth2), else the console. */
export function CatchAll() {
  const { pathname } = useLocation();
  return isSsoCallback(pathname) ? <SsoCallbackPage /> : <AuthedArea />;
}
