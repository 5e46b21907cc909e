import { showSuccess } from '@flotilla/shared/ui';
import { Toast } from '@flotilla/shared/ui/semi';
import { translate } from '@flotilla/shared';

/** Copies `text` to the clipboard and says so (or that it failed) with the given message ids. */
export function copyText(text: string, copiedId: string, failedId = 'robots.copy.failed'): void {
  navigator.clipboard.writeText(text).then(
    () => showSuccess({ id: copiedId }),
    () => Toast.error(translate(failedId)),
  );
}
