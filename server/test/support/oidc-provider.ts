import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

/** The one confidential client a test provider knows: the console, with its redirect URIs. */
export type IdentityClient = { clientId: string; clientSecret: string; redirectUris: string[] };

/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1; its dev interactions accept any login and
 * password. Its address is known first (`issuer`), so a console can be configured with it before `serve`
 * registers the client with that console's redirect URIs (the e2e tests learn them only once it starts).
 */
export type IdentityProvider = {
  issuer: string;
  serve(client: IdentityClient): void;
  /** Logs `login` in through the dev interactions and answers the URL the browser returns on. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** While true, the provider holds every authorization code it gave as expired (an exchange is refused). */
  expireCodes(expired: boolean): void;
  close(): Promise<void>;
};

/** A provider serving a client of its own (the server tests' shape). */
export type TestIdentityProvider = IdentityProvider & Omit<IdentityClient, 'redirectUris'>;

/** Claims of an account: `login` is its subject, with an email, verified unless the login starts `unverified-`. */
function claimsOf(login: string) {
  return {
    sub: login,
    email: `${login}@idp.test`,
    email_verified: !login.startsWith('unverified-'),
    name: `User ${login}`,
    preferred_username: login,
  };
}

type Payload = Record<string, unknown>;

/**
 * oidc-provider's storage (its adapter interface), in memory as its own default is, except that it can hand out
 * authorization codes as expired: an expired code without waiting for one to expire.
 */
function memoryStorage(codes: { expired: boolean }) {
  const store = new Map<string, Payload>();
  return class MemoryStorage {
    constructor(private readonly model: string) {}
    private key = (id: string) => `${this.model}:${id}`;
    async upsert(id: string, payload: Payload): Promise<void> {
      store.set(this.key(id), { ...payload });
    }
    async find(id: string): Promise<Payload | undefined> {
      const payload = store.get(this.key(id));
      if (payload && this.model === 'AuthorizationCode' && codes.expired)
        return { ...payload, exp: Math.floor(Date.now() / 1000) - 60 };
      return payload;
    }
    async findByUid(uid: string): Promise<Payload | undefined> {
      return [...store.entries()].find(
        ([key, payload]) => key.startsWith(`${this.model}:`) && payload.uid === uid,
      )?.[1];
    }
    async findByUserCode(userCode: string): Promise<Payload | undefined> {
      return [...store.entries()].find(
        ([key, payload]) => key.startsWith(`${this.model}:`) && payload.userCode === userCode,
      )?.[1];
    }
    async consume(id: string): Promise<void> {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string): Promise<void> {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, payload] of store) if (payload.grantId === grantId) store.delete(key);
    }
  };
}

export async function listenIdentityProvider(): Promise<IdentityProvider> {
  const codes = { expired: false };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function serve({ clientId, clientSecret, redirectUris }: IdentityClient): void {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      cookies: { keys: ['flotilla-test-cookie-key'] },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['name', 'preferred_username'],
      },
      conformIdTokenClaims: false,
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
      findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsOf(id) }),
      adapter: memoryStorage(codes),
    });
    server.on('request', provider.callback());
  }

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let next: { url: string; method: 'GET' | 'POST'; body?: string } = { url: authorizationUrl, method: 'GET' };
    for (let step = 0; step < 20; step += 1) {
      const res = await fetch(next.url, {
        method: next.method,
        redirect: 'manual',
        headers: {
          cookie: cookieHeader(),
          ...(next.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: next.body,
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (location) {
        const target = new URL(location, next.url);
        if (target.origin !== issuer) return target;
        next = { url: target.href, method: 'GET' };
        continue;
      }
      const html = await res.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
      const form = html.includes('name="login"')
        ? ({ prompt: 'login', login, password: 'any-password' } as Record<string, string>)
        : { prompt: 'consent' };
      next = { url: new URL(action, next.url).href, method: 'POST', body: new URLSearchParams(form).toString() };
    }
    throw new Error('the provider never sent the browser back');
  }

  const expireCodes = (expired: boolean) => {
    codes.expired = expired;
  };
  return {
    issuer,
    serve,
    signIn,
    expireCodes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A provider started with the server tests' client and these redirect URIs. */
export async function startIdentityProvider(redirectUris: string[]): Promise<TestIdentityProvider> {
  const client = { clientId: 'flotilla-test', clientSecret: 'flotilla-test-secret-0123456789abcdef' };
  const provider = await listenIdentityProvider();
  provider.serve({ ...client, redirectUris });
  return { ...provider, ...client };
}
