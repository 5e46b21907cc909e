import { createEffect, createEvent, createStore, sample } from 'effector';
import { toFailure, type Failure, type OidcProvider, type OidcProviderBody } from '@flotilla/shared';
import { showSuccessFx } from '@flotilla/shared/ui';
import { copyText } from '../distribution/lib/referral-link';
import { deleteSsoProvider, listSsoProviders, saveSsoProvider } from './api/sso-providers';

/** An admin opened the single sign-on sheet (it reads the providers again). */
export const ssoProvidersOpened = createEvent();
export const ssoProvidersClosed = createEvent();
export const reloadRequested = createEvent();
/** "Add" (null) or "Edit" of a provider. */
export const editStarted = createEvent<OidcProvider | null>();
export const editDismissed = createEvent();
export const editSubmitted = createEvent<OidcProviderBody>();
export const deleteConfirmed = createEvent<string>();
export const copyClicked = createEvent<string>();

export const loadFx = createEffect<void, { list: OidcProvider[]; total: number }, Error>(listSsoProviders);
export const saveFx = createEffect(saveSsoProvider);
export const deleteFx = createEffect(deleteSsoProvider);
export const copyFx = createEffect(copyText);

export const $open = createStore(false)
  .on(ssoProvidersOpened, () => true)
  .on(ssoProvidersClosed, () => false);
export const $providers = createStore<OidcProvider[]>([]).on(loadFx.doneData, (_, answer) => answer.list);
export const $loaded = createStore(false).on(loadFx.done, () => true);
export const $loading = loadFx.pending;
export const $loadError = createStore<Failure | null>(null)
  .on(loadFx, () => null)
  .on(loadFx.failData, (_, error) => toFailure(error));
/** The provider being edited: null when the form is closed, `'new'` for an added one. */
export const $editing = createStore<OidcProvider | 'new' | null>(null)
  .on(editStarted, (_, provider) => provider ?? 'new')
  .reset(editDismissed, saveFx.done, ssoProvidersClosed);
export const $saving = saveFx.pending;
export const $saveError = createStore<Failure | null>(null)
  .on(saveFx.failData, (_, error) => toFailure(error))
  .reset(editStarted, editDismissed, saveFx);
export const $deleteError = createStore<Failure | null>(null)
  .on(deleteFx.failData, (_, error) => toFailure(error))
  .reset(deleteFx, ssoProvidersClosed);

sample({ clock: [ssoProvidersOpened, reloadRequested, saveFx.done, deleteFx.done], target: loadFx });
sample({
  clock: editSubmitted,
  source: $editing,
  filter: (editing) => editing !== null,
  fn: (editing, body) => ({ id: editing === 'new' || editing === null ? null : editing.id, body }),
  target: saveFx,
});
sample({ clock: saveFx.done, fn: () => ({ id: 'users.sso.saved' }), target: showSuccessFx });
sample({ clock: deleteConfirmed, target: deleteFx });
sample({ clock: deleteFx.done, fn: () => ({ id: 'users.sso.deleted' }), target: showSuccessFx });
sample({ clock: copyClicked, target: copyFx });
sample({ clock: copyFx.doneData, filter: Boolean, fn: () => ({ id: 'users.sso.copied' }), target: showSuccessFx });
