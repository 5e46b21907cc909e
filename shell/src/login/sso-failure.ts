// Why a single sign-on failed, handed from the callback page to the login page in the tab's session storage:
// the login page shows it once in its banner. And the login page a sign-on started on (/guoguo/login…), to
// which the callback page returns on a failure. No imports, so the light login page stays light.

const SSO_FAILURE_KEY = 'flotilla-sso-failure';
const SSO_LOGIN_PATH_KEY = 'flotilla-sso-login-path';

/** Keeps the server's reason for the login page to show. */
export function rememberSsoFailure(reason: string): void {
  try {
    sessionStorage.setItem(SSO_FAILURE_KEY, reason);
  } catch {
    // Storage refused (private mode): the login page shows no reason.
  }
}

/** The reason kept by the callback page, once: reading it forgets it. */
export function takeSsoFailure(): string | null {
  try {
    const reason = sessionStorage.getItem(SSO_FAILURE_KEY);
    sessionStorage.removeItem(SSO_FAILURE_KEY);
    return reason;
  } catch {
    return null;
  }
}

/** Keeps the login page a sign-on starts on, for the callback page to return to. */
export function rememberSsoLoginPath(path: string): void {
  try {
    sessionStorage.setItem(SSO_LOGIN_PATH_KEY, path);
  } catch {
    // Storage refused: a failure returns to /login.
  }
}

/** The login page the sign-on started on when it is one of `loginPaths`, else the first of them; reading it forgets it. */
export function takeSsoLoginPath(loginPaths: readonly string[]): string {
  let path: string | null = null;
  try {
    path = sessionStorage.getItem(SSO_LOGIN_PATH_KEY);
    sessionStorage.removeItem(SSO_LOGIN_PATH_KEY);
  } catch {
    // Storage refused: the first login page.
  }
  return path !== null && loginPaths.includes(path) ? path : (loginPaths[0] ?? '/login');
}
