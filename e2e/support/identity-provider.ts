import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './paths';

type Account = { accountId: string; claims: () => Record<string, unknown> };
type ProviderClass = new (
  issuer: string,
  configuration: Record<string, unknown> & { findAccount: (ctx: unknown, id: string) => Account },
) => { callback(): (req: IncomingMessage, res: ServerResponse) => void };

/**
 * A real OpenID Connect provider (oidc-provider, a dev dependency of the server) on 127.0.0.1. Its address
 * is known first (`issuer`), so the console can be started with it; `serve` then registers the one
 * confidential client with the console's redirect URIs. Its dev interactions accept any login and password.
 */
export type IdentityProvider = {
  issuer: string;
  serve(client: { clientId: string; clientSecret: string; redirectUris: string[] }): Promise<void>;
  close(): Promise<void>;
};

export async function listenIdentityProvider(): Promise<IdentityProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    async serve({ clientId, clientSecret, redirectUris }) {
      // Resolved from the server package, which holds the dependency.
      const entry = pathToFileURL(join(ROOT, 'server', 'node_modules', 'oidc-provider', 'lib', 'index.js')).href;
      const Provider = ((await import(entry)) as { default: ProviderClass }).default;
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
        cookies: { keys: ['flotilla-e2e-cookie-key'] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
        conformIdTokenClaims: false,
        findAccount: (_ctx: unknown, id: string) => ({
          accountId: id,
          claims: () => ({
            sub: id,
            email: `${id}@idp.test`,
            email_verified: true,
            name: `User ${id}`,
            preferred_username: id,
          }),
        }),
      });
      server.on('request', provider.callback());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
