// Why a single sign-on failed, handed from the callback page to the login page in the tab's session storage:
// the login page shows it once in its banner. No imports, so the light login page stays light.

const SSO_FAILURE_KEY = 'flotilla-sso-failure';

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
