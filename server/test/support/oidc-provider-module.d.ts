// The few parts of oidc-provider (a test dependency without bundled types) the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Account = { accountId: string; claims: () => Record<string, unknown> };
  export type Configuration = {
    clients: Array<Record<string, unknown>>;
    cookies?: { keys: string[] };
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    ttl?: Record<string, number>;
    findAccount: (ctx: unknown, id: string) => Account | Promise<Account>;
    /** A storage class, one instance per model name (AuthorizationCode, Session, …). */
    adapter?: new (model: string) => unknown;
  };
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
