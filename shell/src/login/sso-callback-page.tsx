import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { loggedIn, loginFailed, request } from '@flotilla/shared';
import { useRouteSettled } from '../progress/route-progress';
import { FullPageLoading } from '../router/full-page-loading';
import { HOME_PATH } from '../router/route-match';
import { ssoExchangeFor } from './sso';

/** Exchanges the SSO code for a session; success goes to /robot, failure to the login page. */
export function SsoCallbackPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const started = useRef(false);
  useRouteSettled(false, location.key);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const exchange = ssoExchangeFor(new URL(window.location.href));
    if (!exchange) {
      navigate('/login', { replace: true });
      return;
    }
    request(exchange.endpoint, { body: exchange.body, silent: true })
      .then(({ token, user }) => {
        loggedIn({ user, token });
        navigate(HOME_PATH, { replace: true });
      })
      .catch(() => {
        loginFailed();
        navigate('/login', { replace: true });
      });
  }, [navigate]);
  return <FullPageLoading />;
}
