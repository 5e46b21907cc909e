import { Type, type Static } from '@sinclair/typebox';
import { IdSchema, IsoDateSchema, OkSchema, RoleSchema } from './common';
import { endpoint } from './endpoint';

/** Bounds of a single sign-on provider's settings (docs/sso.md). */
export const OIDC_LIMITS = { nameMax: 60, urlMax: 500, clientIdMax: 200, secretMax: 500, providersMax: 20 } as const;

/** The path the console serves a provider's answer on: `<origin>/oauth2/callback?clientId=<clientId>`. */
export const OIDC_CALLBACK_PATH = '/oauth2/callback';

/**
 * `GET /v1/oidc` (public): the providers a login page offers, each with a fresh authorization URL (discovery,
 * PKCE, state and nonce kept by the server for a few minutes).
 */
export const OidcLoginOptionSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  clientId: Type.String(),
  authorizationUrl: Type.String(),
});
export type OidcLoginOption = Static<typeof OidcLoginOptionSchema>;
export const OidcLoginOptionsSchema = Type.Object({ list: Type.Array(OidcLoginOptionSchema) });
export type OidcLoginOptions = Static<typeof OidcLoginOptionsSchema>;
/** `apps: true`: URLs that return to an app's callback (`<origin>/apps/<clientId>/oauth2`) instead of the console's. */
export const OidcLoginOptionsQuerySchema = Type.Object({ apps: Type.Optional(Type.Boolean()) });
export const ListOidcLoginOptions = endpoint({
  method: 'GET',
  path: '/v1/oidc',
  query: OidcLoginOptionsQuerySchema,
  response: OidcLoginOptionsSchema,
});

/** A provider an admin configured for the tenant (the client secret is never answered). */
export const OidcProviderSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  issuer: Type.String(),
  clientId: Type.String(),
  /** Whether a client secret is stored. */
  hasSecret: Type.Boolean(),
  /** The role of a user the provider creates. */
  role: RoleSchema,
  enabled: Type.Boolean(),
  createdAt: IsoDateSchema,
});
export type OidcProvider = Static<typeof OidcProviderSchema>;

export const OidcProviderBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: OIDC_LIMITS.nameMax }),
  issuer: Type.String({ minLength: 1, maxLength: OIDC_LIMITS.urlMax }),
  clientId: Type.String({ minLength: 1, maxLength: OIDC_LIMITS.clientIdMax }),
  /** Omitted on an update: the stored secret stays. */
  clientSecret: Type.Optional(Type.String({ maxLength: OIDC_LIMITS.secretMax })),
  role: RoleSchema,
  enabled: Type.Boolean(),
});
export type OidcProviderBody = Static<typeof OidcProviderBodySchema>;
export const OidcProviderParamsSchema = Type.Object({ id: IdSchema });

/** The tenant's providers (admins); those of the environment (`FLOTILLA_OIDC`) are not listed here. */
export const ListOidcProviders = endpoint({
  method: 'GET',
  path: '/v1/oidc/providers',
  response: Type.Object({ list: Type.Array(OidcProviderSchema), total: Type.Integer({ minimum: 0 }) }),
});
export const CreateOidcProvider = endpoint({
  method: 'POST',
  path: '/v1/oidc/providers',
  body: OidcProviderBodySchema,
  response: OidcProviderSchema,
});
export const UpdateOidcProvider = endpoint({
  method: 'PUT',
  path: '/v1/oidc/providers/{id}',
  params: OidcProviderParamsSchema,
  body: OidcProviderBodySchema,
  response: OidcProviderSchema,
});
export const DeleteOidcProvider = endpoint({
  method: 'DELETE',
  path: '/v1/oidc/providers/{id}',
  params: OidcProviderParamsSchema,
  response: OkSchema,
});
