import { Toast } from '@flotilla/shared/ui/semi';
import { translate } from '@flotilla/shared';
import { createEffect } from 'effector';

/** A message of the catalogs with its values, translated when shown. */
export type Message = { id: string; values?: Record<string, unknown> };

/** Shows a short success toast (translated when shown, in the language of the moment). */
export const toastSuccessFx = createEffect(({ id, values }: Message) => {
  Toast.success(translate(id, values));
});
