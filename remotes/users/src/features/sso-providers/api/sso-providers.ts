import {
  CreateOidcProvider,
  DeleteOidcProvider,
  ListOidcProviders,
  request,
  UpdateOidcProvider,
  type OidcProvider,
  type OidcProviderBody,
} from '@flotilla/shared';

/** The tenant's single sign-on providers (admins). */
export function listSsoProviders(): Promise<{ list: OidcProvider[]; total: number }> {
  return request(ListOidcProviders, {});
}

/** Adds a provider, or changes one (`id`); a body without `clientSecret` keeps the stored secret. */
export function saveSsoProvider({ id, body }: { id: string | null; body: OidcProviderBody }): Promise<OidcProvider> {
  return id ? request(UpdateOidcProvider, { params: { id }, body }) : request(CreateOidcProvider, { body });
}

export async function deleteSsoProvider(id: string): Promise<void> {
  await request(DeleteOidcProvider, { params: { id } });
}
