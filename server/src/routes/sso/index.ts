import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ConsumeAppCode,
  ConsumeCode,
  CreateOidcProvider,
  DeleteOidcProvider,
  ListOidcLoginOptions,
  ListOidcProviders,
  OIDC_CALLBACK_PATH,
  OIDC_LIMITS,
  UpdateOidcProvider,
  type ConsumeCodeBody,
  type ErrorCode,
  type OidcLoginOption,
  type OidcProviderBody,
  type Role,
} from '@flotilla/shared/contracts';
import { AppError, invalidInput, notFound } from '../../lib/app-error';
import { clientKey } from '../../lib/client-address';
import { isUniqueViolation } from '../../db/database';
import { RateWindow } from '../../lib/rate-window';
import { retryLater } from '../../lib/retry-later';
import { ssoClient, ssoFailure, type SsoProvider } from '../../sso/oidc-client';
import { ADMINS, PUBLIC } from '../access';
import { route } from '../endpoint-route';

const tags = ['sso'];
const MINUTE_MS = 60 * 1000;
const STATE_LIFETIME_MS = 10 * MINUTE_MS;
/** `GET /v1/oidc` calls one address may make a minute (each stores a login in flight per provider). */
const OPTIONS_PER_ADDRESS_PER_MINUTE = 30;
/** Database providers offered on the login page at most. */
const LOGIN_OPTIONS_MAX = 50;
/** Query parameters of a provider's answer, dropped from a callback URL to get back the redirect URI. */
const ANSWER_PARAMS = ['code', 'state', 'iss', 'session_state', 'scope', 'authuser', 'prompt', 'hd'];

// isLogin: false, as the form login: the console shows the message instead of a forced logout.
const refused = (code: ErrorCode) => new AppError(401, code, code, { isLogin: false });

/** A provider the server can log in with, from FLOTILLA_OIDC (`env:`) or the database (`db:`). */
type LoginProvider = SsoProvider & { key: string; name: string; tenantId?: string; role: Role };

type Variant = 'console' | 'apps';

/** Where the provider sends the browser back: the console's callback page, or an app's. */
function redirectUri(origin: string, clientId: string, variant: Variant): string {
  if (variant === 'apps') return new URL(`/apps/${encodeURIComponent(clientId)}/oauth2`, origin).href;
  const url = new URL(OIDC_CALLBACK_PATH, origin);
  url.searchParams.set('clientId', clientId);
  return url.href;
}

/** The redirect URI a callback URL came back on (the answer's parameters removed), or undefined. */
function callbackRedirectUri(callbackUrl: URL): string {
  const url = new URL(callbackUrl.href);
  url.hash = '';
  for (const name of ANSWER_PARAMS) url.searchParams.delete(name);
  return url.href;
}

/** An issuer URL admins may store: https, or http on loopback when the server allows it (tests). */
function checkIssuer(issuer: string, loopbackHttp: boolean): void {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw invalidInput(['body', 'issuer'], 'SSO_ISSUER_INVALID');
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  const ok = url.protocol === 'https:' || (url.protocol === 'http:' && loopback && loopbackHttp);
  if (!ok || url.username !== '' || url.password !== '' || url.hash !== '' || url.search !== '')
    throw invalidInput(['body', 'issuer'], 'SSO_ISSUER_INVALID');
}

/** Single sign-on with OpenID Connect: the login page's providers, the code exchange, and admins' providers. */
const ssoRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const { repos, config } = fastify;
  const loopbackHttp = config.ssoLoopbackForTests === true;
  const sso = ssoClient({ loopbackForTests: loopbackHttp });
  const optionsByAddress = new RateWindow(MINUTE_MS, () => config.clock.now());
  const iso = (ms: number) => new Date(ms).toISOString();

  const fromEnv = (): LoginProvider[] =>
    config.oidc.map((p) => ({
      key: `env:${p.id}`,
      name: p.name,
      issuer: p.issuer,
      clientId: p.clientId,
      clientSecret: p.clientSecret,
      allowHttp: p.allowHttp,
      ...(p.tenantId ? { tenantId: p.tenantId } : {}),
      role: p.role,
    }));
  const fromRow = (row: Awaited<ReturnType<typeof repos.sso.enabled>>[number]): LoginProvider => ({
    key: `db:${row.id}`,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: row.clientSecret,
    allowHttp: false,
    tenantId: row.tenantId,
    role: row.role,
  });
  async function providerByKey(key: string): Promise<LoginProvider | undefined> {
    if (key.startsWith('env:')) return fromEnv().find((p) => p.key === key);
    const row = key.startsWith('db:') ? await repos.sso.enabledById(key.slice(3)) : undefined;
    return row && fromRow(row);
  }
  const originOf = (request: FastifyRequest) => config.publicOrigins[0] ?? `${request.protocol}://${request.host}`;

  route(fastify, ListOidcLoginOptions, {
    config: { auth: PUBLIC },
    tags,
    summary: 'The single sign-on providers of the login page, each with a fresh authorization URL',
    handler: async (request, reply) => {
      const address = clientKey(request.ip);
      if (!optionsByAddress.hit(address, OPTIONS_PER_ADDRESS_PER_MINUTE))
        throw retryLater(reply, 'SSO_THROTTLED', optionsByAddress.msUntilReset(address));
      const variant: Variant = request.query.apps ? 'apps' : 'console';
      const providers = [...fromEnv(), ...(await repos.sso.enabled(LOGIN_OPTIONS_MAX)).map(fromRow)];
      const origin = originOf(request);
      const options = await Promise.all(
        providers.map(async (provider): Promise<OidcLoginOption | undefined> => {
          const redirect = redirectUri(origin, provider.clientId, variant);
          try {
            const started = await sso.authorizationUrl(provider, redirect);
            const now = config.clock.now();
            await repos.sso.saveState(
              {
                state: started.state,
                providerKey: provider.key,
                clientId: provider.clientId,
                redirectUri: redirect,
                codeVerifier: started.codeVerifier,
                nonce: started.nonce,
                createdAt: iso(now),
                expiresAt: iso(now + STATE_LIFETIME_MS),
                usedAt: null,
              },
              iso(now),
            );
            return {
              id: provider.key,
              name: provider.name,
              clientId: provider.clientId,
              authorizationUrl: started.url,
            };
          } catch (error) {
            // One unreachable provider leaves the others on the page.
            request.log.warn({ provider: provider.key, reason: ssoFailure(error) }, 'sso: provider unavailable');
            return undefined;
          }
        }),
      );
      return { list: options.filter((option): option is OidcLoginOption => option !== undefined) };
    },
  });

  /** The code exchange of both callbacks: state, provider, tokens, then the user. */
  async function consume(request: FastifyRequest, body: ConsumeCodeBody, variant: Variant) {
    let callbackUrl: URL;
    try {
      callbackUrl = new URL(body.callBackUrl);
    } catch {
      throw refused('SSO_STATE_INVALID');
    }
    const state = callbackUrl.searchParams.get('state');
    if (!state || callbackUrl.searchParams.get('code') !== body.code) throw refused('SSO_STATE_INVALID');
    const redirect = callbackRedirectUri(callbackUrl);
    if (redirect !== redirectUri(new URL(redirect).origin, body.clientId, variant)) throw refused('SSO_STATE_INVALID');
    const now = config.clock.now();
    const flight = await repos.sso.takeState(state, { clientId: body.clientId, redirectUri: redirect }, iso(now));
    if (!flight) throw refused('SSO_STATE_INVALID');
    const provider = await providerByKey(flight.providerKey);
    if (!provider || provider.clientId !== flight.clientId) throw refused('SSO_PROVIDER_UNKNOWN');
    const tenantId = provider.tenantId ?? (await repos.sso.firstTenantId());
    if (!tenantId) throw refused('SSO_PROVIDER_UNKNOWN');

    let claims;
    try {
      claims = await sso.exchange(provider, callbackUrl, { ...flight, redirectUri: flight.redirectUri });
    } catch (error) {
      request.log.warn({ provider: provider.key, reason: ssoFailure(error) }, 'sso: code exchange failed');
      throw refused('SSO_EXCHANGE_FAILED');
    }

    const phone = claims.phoneVerified ? claims.phone : undefined;
    const email = claims.emailVerified ? (claims.email ?? '') : '';
    // The platform's own providers (FLOTILLA_OIDC) are trusted to verify an admin's email or phone; a provider a
    // tenant admin added is not, so it cannot reach another admin's account.
    const matchAdmins = provider.key.startsWith('env:');
    let found = await repos.sso.findUser(tenantId, provider.key, claims.subject, { email, phone }, matchAdmins);
    // A frozen user is refused before anything is linked to them.
    if (found?.ban) throw refused('USER_FROZEN');
    if (found && !found.linked)
      await repos.sso.link(tenantId, provider.key, claims.subject, found.user.id, email, iso(now));
    if (!found) {
      try {
        const user = await repos.sso.createUser(
          tenantId,
          provider.key,
          claims.subject,
          {
            username: claims.preferredUsername ?? (email ? email.split('@')[0] : undefined),
            nickname: claims.name,
            phone,
            email,
            role: provider.role,
          },
          iso(now),
        );
        found = { user, ban: false, linked: true };
      } catch (error) {
        // The same subject's first login ran at the same time and linked its user first: that user it is.
        if (!isUniqueViolation(error)) throw error;
        found = await repos.sso.findUser(tenantId, provider.key, claims.subject, {}, false);
        if (!found) throw refused('SSO_EXCHANGE_FAILED');
      }
    }
    if (found.ban) throw refused('USER_FROZEN');
    const token = await repos.tokens.issue({ id: found.user.id, tenantId });
    return { token, user: found.user };
  }

  route(fastify, ConsumeCode, {
    config: { auth: PUBLIC },
    tags,
    summary: "Log in with a single sign-on provider's code (the console's callback; the same answer as the form login)",
    handler: async (request) => consume(request, request.body, 'console'),
  });

  route(fastify, ConsumeAppCode, {
    config: { auth: PUBLIC },
    tags,
    summary: "Log in with a single sign-on provider's code (an app's callback)",
    handler: async (request) => consume(request, request.body, 'apps'),
  });

  const checked = (body: OidcProviderBody) => {
    checkIssuer(body.issuer, loopbackHttp);
    return body;
  };

  route(fastify, ListOidcProviders, {
    config: { auth: ADMINS },
    tags,
    summary: "The tenant's single sign-on providers (never their client secrets)",
    handler: async (request) => repos.sso.list(request.auth.tenantId),
  });

  route(fastify, CreateOidcProvider, {
    config: { auth: ADMINS },
    tags,
    summary: `Add a single sign-on provider to the tenant (at most ${OIDC_LIMITS.providersMax})`,
    handler: async (request) => repos.sso.create(request.auth.tenantId, checked(request.body), iso(config.clock.now())),
  });

  route(fastify, UpdateOidcProvider, {
    config: { auth: ADMINS },
    tags,
    summary: 'Change a single sign-on provider (an omitted client secret stays as stored)',
    handler: async (request) => {
      const provider = await repos.sso.update(
        request.auth.tenantId,
        request.params.id,
        checked(request.body),
        iso(config.clock.now()),
      );
      if (!provider) throw notFound();
      return provider;
    },
  });

  route(fastify, DeleteOidcProvider, {
    config: { auth: ADMINS },
    tags,
    summary: 'Remove a single sign-on provider (its users stay)',
    handler: async (request) => {
      if (!(await repos.sso.remove(request.auth.tenantId, request.params.id))) throw notFound();
      return { ok: true as const };
    },
  });
};

export default ssoRoutes;
