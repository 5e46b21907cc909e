import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { HttpError, loggedIn, loginFailed, request, STORAGE_KEYS, writeStorage } from '@flotilla/shared';
import { useRouteSettled } from '../progress/route-progress';
import { FullPageLoading } from '../router/full-page-loading';
import { HOME_PATH, LOGIN_PATHS } from '../router/route-match';
import { ssoExchangeFor } from './sso';
import { rememberSsoFailure, takeSsoLoginPath } from './sso-failure';

/**
 * Exchanges the SSO code for a session; success goes to /robot, failure to the login page the sign-on started
 * on (/login, or a branded one), which shows the server's reason (a provider's `error_description` when it
 * refused) once.
 */
export function SsoCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  useRouteSettled(false, location.key);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const loginPath = takeSsoLoginPath(LOGIN_PATHS);
    const exchange = ssoExchangeFor(new URL(window.location.href));
    if (!exchange) {
      const url = new URL(window.location.href);
      const refusal = url.searchParams.get('error_description') ?? url.searchParams.get('error');
      if (refusal) rememberSsoFailure(refusal);
      navigate(loginPath, { replace: true });
      return;
    }
    request(exchange.endpoint, { body: exchange.body, silent: true })
      .then(({ token, user }) => {
        loggedIn({ user, token });
        writeStorage(STORAGE_KEYS.loginPath, loginPath);
        navigate(HOME_PATH, { replace: true });
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.message) rememberSsoFailure(error.message);
        loginFailed();
        navigate(loginPath, { replace: true });
      });
  }, [navigate]);
  return <FullPageLoading />;
}
