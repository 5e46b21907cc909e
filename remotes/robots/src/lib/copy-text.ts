import { Toast } from '@flotilla/shared/ui/semi';
import { translate } from '@flotilla/shared';

/** Copies `text` to the clipboard and says so (or that it failed) in a toast with the given message ids. */
export function copyText(text: string, copiedId: string, failedId = 'robots.copy.failed'): void {
  navigator.clipboard.writeText(text).then(
    () => Toast.success(translate(copiedId)),
    () => Toast.error(translate(failedId)),
  );
}
