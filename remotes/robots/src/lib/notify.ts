import { Toast } from '@flotilla/shared/ui/semi';
import { translate } from '@flotilla/shared';
import { createEffect } from 'effector';

/** Shows a short success toast with the message of `messageId` (a side effect models trigger with `sample`). */
export const toastSuccessFx = createEffect((messageId: string) => {
  Toast.success(translate(messageId));
});
