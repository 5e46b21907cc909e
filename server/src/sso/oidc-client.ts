import * as client from 'openid-client';
import { isPublicAddress, OutboundError, safeFetch, type OutboundPolicy } from '../lib/outbound/index';

/** Time and size budgets of one call to an identity provider: a login page waits for it. */
export const SSO_HTTP_BUDGET = { timeoutMs: 8_000, maxBytes: 256 * 1024, maxRedirects: 0 } as const;
/** How long an issuer's discovered metadata is reused. */
export const DISCOVERY_TTL_MS = 10 * 60 * 1000;

/** What the client needs of a provider, whether it comes from FLOTILLA_OIDC or from the database. */
export type SsoProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** An `http://` issuer may be used (configured so, or a loopback issuer in tests). */
  allowHttp: boolean;
};

/** The claims of an ID token a login reads. */
export type SsoClaims = {
  subject: string;
  email?: string;
  emailVerified: boolean;
  phone?: string;
  phoneVerified: boolean;
  preferredUsername?: string;
  name?: string;
};

const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * The guarded fetch openid-client uses: public addresses only (plus loopback when a test allows it), time
 * and size caps, no redirects. `redirectUri` replaces the `redirect_uri` openid-client sends to the token
 * endpoint: it drops the redirect URI's query (`?clientId=…`), which the provider would not recognise.
 */
function guardedFetch(policy: OutboundPolicy, redirectUri?: string): client.CustomFetch {
  return async (url, options) => {
    let body: string | undefined;
    if (typeof options.body === 'string') body = options.body;
    else if (options.body instanceof URLSearchParams) {
      const params = new URLSearchParams(options.body);
      if (redirectUri && params.has('redirect_uri')) params.set('redirect_uri', redirectUri);
      body = params.toString();
    }
    const method = (options.method ?? 'GET').toUpperCase() as 'GET' | 'POST';
    const headers = Object.fromEntries(
      new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).entries(),
    );
    const answer = await safeFetch(url, { ...policy, ...SSO_HTTP_BUDGET, method, headers, body });
    return new Response(answer.status === 204 ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  };
}

/** Discovery (cached per issuer), authorization URLs and the code exchange, over the guarded fetch. */
export function ssoClient({ loopbackForTests = false, now = () => Date.now() } = {}) {
  const policy: OutboundPolicy = loopbackForTests
    ? { isAllowedAddress: (address) => isPublicAddress(address) || isLoopback(address) }
    : {};
  const discovered = new Map<string, { at: number; metadata: client.ServerMetadata }>();

  const allowsHttp = (provider: SsoProvider) => {
    const url = new URL(provider.issuer);
    if (url.protocol === 'https:') return false;
    return provider.allowHttp || (loopbackForTests && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
  };

  /** The provider's configuration: discovered metadata (cached) with this client's id and secret. */
  async function configuration(provider: SsoProvider, redirectUri?: string): Promise<client.Configuration> {
    const insecure = allowsHttp(provider);
    const auth = provider.clientSecret ? client.ClientSecretBasic(provider.clientSecret) : client.None();
    const cached = discovered.get(provider.issuer);
    let config: client.Configuration;
    if (cached && now() - cached.at < DISCOVERY_TTL_MS) {
      config = new client.Configuration(cached.metadata, provider.clientId, undefined, auth);
    } else {
      config = await client.discovery(new URL(provider.issuer), provider.clientId, undefined, auth, {
        [client.customFetch]: guardedFetch(policy),
        ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: SSO_HTTP_BUDGET.timeoutMs / 1000,
      });
      discovered.set(provider.issuer, { at: now(), metadata: config.serverMetadata() });
    }
    config[client.customFetch] = guardedFetch(policy, redirectUri);
    config.timeout = SSO_HTTP_BUDGET.timeoutMs / 1000;
    if (insecure) client.allowInsecureRequests(config);
    return config;
  }

  return {
    /** A fresh authorization URL with PKCE (S256), state and nonce; the caller keeps the secrets. */
    async authorizationUrl(provider: SsoProvider, redirectUri: string) {
      const config = await configuration(provider);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email phone profile',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Exchanges the code of `callbackUrl` (checking state, nonce and PKCE) and reads the ID token's claims. */
    async exchange(
      provider: SsoProvider,
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
    ): Promise<SsoClaims> {
      const config = await configuration(provider, expected.redirectUri);
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('the ID token has no subject');
      const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
      return {
        subject: claims.sub,
        email: text(claims.email),
        emailVerified: claims.email_verified === true,
        phone: text(claims.phone_number),
        phoneVerified: claims.phone_number_verified === true,
        preferredUsername: text(claims.preferred_username),
        name: text(claims.name),
      };
    },
  };
}

export type SsoClient = ReturnType<typeof ssoClient>;

/** A stable word for logs: the outbound refusal's code, or the error's name. */
export function ssoFailure(error: unknown): string {
  if (error instanceof OutboundError) return error.code;
  if (error instanceof Error) return `${error.name}: ${error.message}`.slice(0, 300);
  return 'unknown';
}
