import type { Role } from '@flotilla/shared/contracts';
import type { Flag } from '../schema';

/** A single sign-on provider an admin added to the tenant; the client secret is sealed (SecretBox). */
export interface OidcProvidersTable {
  id: string;
  tenantId: string;
  name: string;
  issuer: string;
  clientId: string;
  /** Sealed client secret; '' when none is stored. */
  clientSecret: string;
  /** The role of a user this provider creates. */
  role: Role;
  enabled: Flag;
  createdAt: string;
  updatedAt: string;
}

/** A login in flight: what the callback must match, kept ten minutes and used once. */
export interface OidcStatesTable {
  state: string;
  /** `env:<id>` (FLOTILLA_OIDC) or `db:<id>` (oidc_providers). */
  providerKey: string;
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** Which user a provider's subject logs in as. */
export interface OidcLinksTable {
  providerKey: string;
  subject: string;
  tenantId: string;
  userId: string;
  /** The email the provider gave at the first login ('' when none). */
  email: string;
  createdAt: string;
}

export interface OidcTables {
  oidcProviders: OidcProvidersTable;
  oidcStates: OidcStatesTable;
  oidcLinks: OidcLinksTable;
}
