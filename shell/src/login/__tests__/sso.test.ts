import { describe, expect, it } from 'vitest';
import { ConsumeAppCode, ConsumeCode } from '@flotilla/shared';
import { isSsoCallback, ssoExchangeFor } from '../sso';

describe('SSO callback', () => {
  it('recognises any path containing oauth2', () => {
    expect(isSsoCallback('/oauth2/callback')).toBe(true);
    expect(isSsoCallback('/apps/crm/oauth2')).toBe(true);
    expect(isSsoCallback('/robot')).toBe(false);
  });

  it('exchanges code and clientId from the query', () => {
    expect(ssoExchangeFor(new URL('https://console.example/oauth2/callback?code=abc&clientId=sso-1'))).toEqual({
      endpoint: ConsumeCode,
      body: { code: 'abc', clientId: 'sso-1', callBackUrl: 'https://console.example/oauth2/callback' },
    });
  });

  it('takes the client id from apps/{clientId}/oauth2 and uses the apps variant', () => {
    expect(ssoExchangeFor(new URL('https://console.example/apps/crm-app/oauth2?code=xyz'))).toEqual({
      endpoint: ConsumeAppCode,
      body: { code: 'xyz', clientId: 'crm-app', callBackUrl: 'https://console.example/apps/crm-app/oauth2' },
    });
  });

  it('has nothing to exchange without a code (the user goes to login)', () => {
    expect(ssoExchangeFor(new URL('https://console.example/oauth2/callback?error=denied'))).toBeNull();
  });
});
