import { ConsumeAppCode, ConsumeCode, type ConsumeCodeBody } from '@flotilla/shared';

/** Any path containing `oauth2` is an SSO callback carrying `code` and `clientId`. */
export function isSsoCallback(pathname: string): boolean {
  return pathname.includes('oauth2');
}

export type SsoExchange = { endpoint: typeof ConsumeCode | typeof ConsumeAppCode; body: ConsumeCodeBody };

/**
 * The code exchange for an SSO callback URL: `apps/{clientId}/oauth2` takes the client id from the
 * path and uses the apps variant; other callbacks read `clientId` from the query. Null without a code.
 * `callBackUrl` is the whole URL the browser came back on (its query carries `code`, `state` and `iss`,
 * which the server checks against the sign-on it started).
 */
export function ssoExchangeFor(url: URL): SsoExchange | null {
  const code = url.searchParams.get('code');
  if (!code) return null;
  const apps = /\/apps\/([^/]+)\/oauth2/.exec(url.pathname);
  const clientId = apps ? decodeURIComponent(apps[1]) : (url.searchParams.get('clientId') ?? '');
  return {
    endpoint: apps ? ConsumeAppCode : ConsumeCode,
    body: { code, callBackUrl: `${url.origin}${url.pathname}${url.search}`, clientId },
  };
}
