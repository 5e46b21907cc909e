import { createEffect } from 'effector';
import { translate } from '../i18n';
import { Toast } from './semi';

/** A message of the catalogs with its values, translated when shown. */
export type CatalogMessage = { id: string; values?: Record<string, unknown> };

/** Shows a short success notice, translated when shown (in the language of the moment). */
export function showSuccess({ id, values }: CatalogMessage): void {
  Toast.success(translate(id, values));
}

/** {@link showSuccess} as an effect, for models to trigger with `sample`. */
export const showSuccessFx = createEffect(showSuccess);
