import { describe, expect, it } from 'vitest';
import { ConsumeAppCode, ConsumeCode } from '@flotilla/shared';
import { isSsoCallback, ssoExchangeFor } from '../sso';

describe('SSO callback', () => {
  it('recognises any path containing oauth2', () => {
    expect(isSsoCallback('/oauth2/callback')).toBe(true);
    expect(isSsoCallback('/apps/crm/oauth2')).toBe(true);
    expect(isSsoCallback('/robot')).toBe(false);
  });

  it('exchanges code and clientId from the query, sending the whole URL the browser came back on', () => {
    const back = 'https://console.example/oauth2/callback?clientId=sso-1&code=abc&state=s1&iss=https%3A%2F%2Fidp';
    expect(ssoExchangeFor(new URL(back))).toEqual({
      endpoint: ConsumeCode,
      body: { code: 'abc', clientId: 'sso-1', callBackUrl: back },
    });
  });

  it('takes the client id from apps/{clientId}/oauth2 and uses the apps variant', () => {
    expect(ssoExchangeFor(new URL('https://console.example/apps/crm-app/oauth2?code=xyz'))).toEqual({
      endpoint: ConsumeAppCode,
      body: { code: 'xyz', clientId: 'crm-app', callBackUrl: 'https://console.example/apps/crm-app/oauth2?code=xyz' },
    });
  });

  it('has nothing to exchange without a code (the user goes to login)', () => {
    expect(ssoExchangeFor(new URL('https://console.example/oauth2/callback?error=denied'))).toBeNull();
  });
});
