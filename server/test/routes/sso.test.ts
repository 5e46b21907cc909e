import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OidcLoginOptions, OidcProvider, User } from '@flotilla/shared/contracts';
import type { Kysely } from 'kysely';
import { loadConfig, type Config, type OidcConfigProvider } from '../../src/config';
import * as oidcLinkEmails from '../../src/db/migrations/025-oidc-link-emails';
import { useTestApp } from '../helper';
import { startIdentityProvider, type TestIdentityProvider } from '../support/oidc-provider';

const ORIGIN = 'http://console.test';
const CONSOLE_CALLBACK = `${ORIGIN}/oauth2/callback?clientId=flotilla-test`;
const APPS_CALLBACK = `${ORIGIN}/apps/flotilla-test/oauth2`;

let idp: TestIdentityProvider;
// Filled in once the identity provider listens (before the app is built: beforeAll hooks run in order).
const oidc: OidcConfigProvider[] = [];
const config: Partial<Config> = { publicOrigins: [ORIGIN], ssoLoopbackForTests: true, oidc };

beforeAll(async () => {
  idp = await startIdentityProvider([CONSOLE_CALLBACK, APPS_CALLBACK]);
  const provider = {
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    role: 'agent',
    allowHttp: true,
  } as const;
  // Two providers of one tenant: a person may come through either (the second stands for another company IdP).
  oidc.push({ id: 'test-idp', name: 'Test IdP', ...provider }, { id: 'second-idp', name: 'Second IdP', ...provider });
});
afterAll(async () => {
  await idp?.close();
});

const t = useTestApp({ config });

let admin: string;
beforeAll(async () => {
  admin = await t.login();
});

/** The login page's options (console callbacks unless `apps`). */
async function loginOptions(apps = false): Promise<OidcLoginOptions> {
  const res = await t.get(`/v1/oidc${apps ? '?apps=true' : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json<OidcLoginOptions>();
}

/** Signs `login` in at the test provider: the URL the browser comes back on. */
async function callbackFor(login: string, apps = false, providerId = 'env:test-idp'): Promise<URL> {
  const option = (await loginOptions(apps)).list.find((o) => o.id === providerId);
  if (!option) throw new Error('the test provider is not offered');
  return idp.signIn(option.authorizationUrl, login);
}

const consume = (callback: URL, path = '/v1/consumeCode') =>
  t.post(path, {
    body: { code: callback.searchParams.get('code'), callBackUrl: callback.href, clientId: idp.clientId },
  });

describe('logging in with single sign-on', () => {
  it('offers the configured provider with a PKCE authorization URL', async () => {
    const { list } = await loginOptions();
    const option = list.find((o) => o.id === 'env:test-idp');
    expect(option).toMatchObject({ name: 'Test IdP', clientId: idp.clientId });
    const url = new URL(option!.authorizationUrl);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CONSOLE_CALLBACK);
  });

  it('creates the user at the first login and logs the same user in the second time', async () => {
    const first = await consume(await callbackFor('alice'));
    expect(first.statusCode).toBe(200);
    const { token, user } = first.json<{ token: string; user: User }>();
    expect(user).toMatchObject({ username: 'alice', nickname: 'User alice', role: 'agent' });
    expect((await t.get('/v1/users/me', { token })).json<User>().id).toBe(user.id);

    const second = await consume(await callbackFor('alice'));
    expect(second.statusCode).toBe(200);
    expect(second.json<{ user: User }>().user.id).toBe(user.id);
  });

  it("finds a user by the email another of the tenant's providers verified, not by an unverified one", async () => {
    const first = (await consume(await callbackFor('ivy'))).json<{ user: User }>().user;
    const second = await consume(await callbackFor('ivy', false, 'env:second-idp'));
    expect(second.statusCode).toBe(200);
    expect(second.json<{ user: User }>().user.id).toBe(first.id);

    const unverified = (await consume(await callbackFor('unverified-jo'))).json<{ user: User }>().user;
    const other = await consume(await callbackFor('unverified-jo', false, 'env:second-idp'));
    expect(other.statusCode).toBe(200);
    expect(other.json<{ user: User }>().user.id).not.toBe(unverified.id);
  });

  it('migration 025 stores the emails linked before as the matching compares them, any letters', async () => {
    const user = (await consume(await callbackFor('olga'))).json<{ user: User }>().user;
    await t.app.db.updateTable('oidcLinks').set({ email: ' Ölga@IdP.Test ' }).where('userId', '=', user.id).execute();
    await oidcLinkEmails.up(t.app.db as unknown as Kysely<unknown>);
    const link = await t.app.db
      .selectFrom('oidcLinks')
      .select('email')
      .where('userId', '=', user.id)
      .executeTakeFirst();
    expect(link?.email).toBe('ölga@idp.test');
  });

  it('gives a new user a free username when the wished one is taken', async () => {
    await t.createUser(admin, 'operator', 'bob-taken');
    const res = await consume(await callbackFor('bob-taken'));
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: User }>().user.username).toMatch(/^bob-taken-[0-9a-f]{6}$/);
  });

  it("logs in through an app's callback", async () => {
    const callback = await callbackFor('carol', true);
    expect(callback.href.startsWith(APPS_CALLBACK)).toBe(true);
    const res = await consume(callback, '/v1/consumeCode/apps');
    expect(res.statusCode).toBe(200);
    // The console's exchange does not take an app's callback.
    const other = await consume(await callbackFor('carol', true), '/v1/consumeCode');
    expect(other.statusCode).toBe(401);
  });

  it('refuses a wrong state', async () => {
    const callback = await callbackFor('dave');
    callback.searchParams.set('state', 'not-a-state-we-gave');
    const res = await consume(callback);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SSO_STATE_INVALID', isLogin: false });
  });

  it('refuses a replayed callback', async () => {
    const callback = await callbackFor('erin');
    expect((await consume(callback)).statusCode).toBe(200);
    const again = await consume(callback);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'SSO_STATE_INVALID', isLogin: false });
  });

  it('refuses an expired state', async () => {
    const callback = await callbackFor('frank');
    await t.app.repos.sso.setStateExpiry(
      callback.searchParams.get('state')!,
      new Date(Date.now() - 1000).toISOString(),
    );
    const res = await consume(callback);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SSO_STATE_INVALID' });
  });

  it('refuses a frozen user', async () => {
    const first = await consume(await callbackFor('gina'));
    const { user } = first.json<{ user: User }>();
    expect((await t.get(`/v1/users/${user.id}/freeze`, { token: admin })).statusCode).toBe(200);
    const res = await consume(await callbackFor('gina'));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'USER_FROZEN', isLogin: false });
  });

  it('refuses a code the provider holds expired', async () => {
    const callback = await callbackFor('paul');
    idp.expireCodes(true);
    try {
      const res = await consume(callback);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SSO_EXCHANGE_FAILED', isLogin: false });
    } finally {
      idp.expireCodes(false);
    }
    // The same sign-in through a fresh code works.
    expect((await consume(await callbackFor('paul'))).statusCode).toBe(200);
  });

  it('refuses a code it cannot exchange', async () => {
    const callback = await callbackFor('hank');
    callback.searchParams.set('code', 'forged-code');
    const res = await consume(callback);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SSO_EXCHANGE_FAILED', isLogin: false });
  });
});

describe("a tenant's providers", () => {
  const body = (issuer: string) => ({
    name: 'Corp IdP',
    issuer,
    clientId: 'corp',
    clientSecret: 'corp-secret',
    role: 'operator',
    enabled: true,
  });

  it('are managed by admins, and never answer the secret', async () => {
    const created = await t.post('/v1/oidc/providers', { token: admin, body: body(idp.issuer) });
    expect(created.statusCode).toBe(200);
    const provider = created.json<OidcProvider>();
    expect(provider).toMatchObject({ name: 'Corp IdP', hasSecret: true, role: 'operator', enabled: true });
    expect(created.body).not.toContain('corp-secret');

    const list = await t.get('/v1/oidc/providers', { token: admin });
    expect(list.json()).toMatchObject({ total: 1, list: [{ id: provider.id }] });
    expect(list.body).not.toContain('corp-secret');

    // An update without a secret keeps the stored one.
    const { clientSecret: _kept, ...withoutSecret } = body(idp.issuer);
    const updated = await t.put(`/v1/oidc/providers/${provider.id}`, {
      token: admin,
      body: { ...withoutSecret, name: 'Corp', enabled: false },
    });
    expect(updated.json()).toMatchObject({ name: 'Corp', hasSecret: true, enabled: false });

    expect((await t.del(`/v1/oidc/providers/${provider.id}`, { token: admin })).statusCode).toBe(200);
    expect((await t.del(`/v1/oidc/providers/${provider.id}`, { token: admin })).statusCode).toBe(404);
  });

  it('are offered on the login page once enabled', async () => {
    const created = (await t.post('/v1/oidc/providers', { token: admin, body: body(idp.issuer) })).json<OidcProvider>();
    const option = (await loginOptions()).list.find((o) => o.id === `db:${created.id}`);
    expect(option?.authorizationUrl).toContain('code_challenge=');
    expect(option?.authorizationUrl).toContain('state=');
    await t.del(`/v1/oidc/providers/${created.id}`, { token: admin });
  });

  it('refuse other roles and other tenants', async () => {
    const created = (await t.post('/v1/oidc/providers', { token: admin, body: body(idp.issuer) })).json<OidcProvider>();
    const operator = await t.createUser(admin, 'operator');
    expect((await t.get('/v1/oidc/providers', { token: operator.token })).statusCode).toBe(403);
    expect((await t.post('/v1/oidc/providers', { token: operator.token, body: body(idp.issuer) })).statusCode).toBe(
      403,
    );
    const other = await t.createTenant(admin);
    expect((await t.get('/v1/oidc/providers', { token: other.token })).json()).toMatchObject({ total: 0 });
    const foreign = await t.put(`/v1/oidc/providers/${created.id}`, { token: other.token, body: body(idp.issuer) });
    expect(foreign.statusCode).toBe(404);
    expect((await t.del(`/v1/oidc/providers/${created.id}`, { token: other.token })).statusCode).toBe(404);
    await t.del(`/v1/oidc/providers/${created.id}`, { token: admin });
  });

  it('match users by email, but never an admin, and forget their links when deleted', async () => {
    const corp = { ...body(idp.issuer), clientId: idp.clientId, clientSecret: idp.clientSecret };
    const created = (await t.post('/v1/oidc/providers', { token: admin, body: corp })).json<OidcProvider>();
    const viaCorp = async (login: string) =>
      (await consume(await callbackFor(login, false, `db:${created.id}`))).json<{ user: User }>().user;

    // Someone who came through the platform's provider is found again through the tenant's.
    const mona = (await consume(await callbackFor('mona'))).json<{ user: User }>().user;
    expect((await viaCorp('mona')).id).toBe(mona.id);

    // An admin is not: a provider a tenant admin adds cannot vouch for another admin's email.
    const lena = (await consume(await callbackFor('lena'))).json<{ user: User }>().user;
    expect((await t.put(`/v1/users/${lena.id}`, { token: admin, body: { role: 'admin' } })).statusCode).toBe(200);
    const notLena = await viaCorp('lena');
    expect(notLena.id).not.toBe(lena.id);
    expect(notLena.role).toBe('operator');

    // A user the deleted provider made is not found by its email any more.
    const nora = await viaCorp('nora');
    await t.del(`/v1/oidc/providers/${created.id}`, { token: admin });
    const again = await consume(await callbackFor('nora', false, 'env:second-idp'));
    expect(again.json<{ user: User }>().user.id).not.toBe(nora.id);
  });

  it('need an https issuer', async () => {
    for (const issuer of [
      'http://idp.example.com',
      'ftp://idp.example.com',
      'not a url',
      'https://u:p@idp.example.com',
    ]) {
      const res = await t.post('/v1/oidc/providers', { token: admin, body: body(issuer) });
      expect(res.statusCode, issuer).toBe(422);
    }
    expect(
      (await t.post('/v1/oidc/providers', { token: admin, body: { ...body(idp.issuer), role: 'owner' } })).statusCode,
    ).toBe(422);
  });
});

describe('FLOTILLA_OIDC', () => {
  const provider = { id: 'corp', issuer: 'https://idp.example.com', clientId: 'flotilla', clientSecret: 's' };
  const load = (value: unknown) => loadConfig({ FLOTILLA_OIDC: JSON.stringify(value) }).oidc;

  it('reads providers with their defaults', () => {
    expect(load([provider])).toEqual([{ ...provider, name: 'corp', role: 'agent', allowHttp: false }]);
    expect(load([{ ...provider, name: 'Corp', role: 'operator', tenantId: 't1' }])[0]).toMatchObject({
      name: 'Corp',
      role: 'operator',
      tenantId: 't1',
    });
  });

  it('stops the start on a malformed value', () => {
    expect(() => loadConfig({ FLOTILLA_OIDC: '{' })).toThrow(/FLOTILLA_OIDC/);
    expect(() => load({})).toThrow(/not an array/);
    expect(() => load([{ ...provider, issuer: 'http://idp.example.com' }])).toThrow(/allowHttp/);
    expect(() => load([{ ...provider, role: 'owner' }])).toThrow(/role/);
    expect(() => load([provider, provider])).toThrow(/ids must differ/);
  });
});

describe('the login options', () => {
  it('are limited per client address', async () => {
    let res = await t.get('/v1/oidc');
    for (let call = 0; call < 40 && res.statusCode === 200; call += 1) res = await t.get('/v1/oidc');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'SSO_THROTTLED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
