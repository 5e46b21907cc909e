import { OIDC_CALLBACK_PATH, type OidcProvider, type OidcProviderBody, type Role } from '@flotilla/shared';

/** The provider form's fields as typed. */
export type SsoProviderValues = {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** On an edit: forget the stored secret (the provider takes this console as a public client, PKCE only). */
  removeSecret: boolean;
  role: Role;
  enabled: boolean;
};

/** The form of a new provider, or of `provider` (its secret never comes back: the field starts empty). */
export function providerValuesOf(provider: OidcProvider | null): SsoProviderValues {
  return provider
    ? { ...provider, clientSecret: '', removeSecret: false }
    : { name: '', issuer: '', clientId: '', clientSecret: '', removeSecret: false, role: 'operator', enabled: true };
}

/**
 * What is sent: trimmed; an empty secret on an edit is left out, so the stored one stays, unless the secret is
 * to be removed: then it is sent empty, which clears it.
 */
export function providerBodyOf(values: SsoProviderValues, editing: boolean): OidcProviderBody {
  const body: OidcProviderBody = {
    name: values.name.trim(),
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    role: values.role,
    enabled: values.enabled,
  };
  const secret = values.removeSecret ? '' : (values.clientSecret ?? '');
  if (secret !== '' || !editing || values.removeSecret) body.clientSecret = secret;
  return body;
}

/** The redirect URI to register at the provider for `clientId`: the console's callback on this origin. */
export function redirectUriOf(origin: string, clientId: string): string {
  return `${origin}${OIDC_CALLBACK_PATH}?${new URLSearchParams({ clientId }).toString()}`;
}
