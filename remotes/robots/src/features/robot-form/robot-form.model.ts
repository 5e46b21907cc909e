import { createEffect, createEvent, createStore, sample, type Unit } from 'effector';
import { toFailure, type Failure } from '@flotilla/shared';
import { checkIconFile, type IconProblem } from '../../lib/icon-file';
import { uploadIcon } from './api/upload-icon';

/** Why the picked icon is not used: refused here (too large, wrong type) or by the server (its reason). */
export type IconError = { reason: IconProblem } | { reason: 'server'; failure: Failure };

/**
 * The icon field of a robot form (create or edit): a picked image is checked here, uploaded at once and
 * its URL kept for the form to send; it can be removed. `resetOn` empties the field (the form opened or
 * closed); `iconShown` puts a robot's current icon in it.
 */
export function createIconField({ resetOn }: { resetOn: Array<Unit<unknown>> }) {
  /** The user picked an image as the icon (checked, then uploaded at once). */
  const chosen = createEvent<File>();
  /** The user removed the icon. */
  const removed = createEvent();
  /** The form opened with this icon URL (empty: none). */
  const iconShown = createEvent<string>();
  const uploadFx = createEffect(uploadIcon);

  /** The file being uploaded; an answer for another file (the form closed meanwhile) is dropped. */
  const $upload = createStore<File | null>(null, { skipVoid: false })
    .on(uploadFx, (_, file) => file)
    .reset(...resetOn, removed, iconShown);
  const uploaded = createEvent<string>();
  const uploadFailed = createEvent<Failure>();
  /** The icon URL the form sends, `null` for none. */
  const $icon = createStore<string | null>(null, { skipVoid: false })
    .on(uploaded, (_, url) => url)
    .on(iconShown, (_, url) => url || null)
    .reset(...resetOn, removed);
  const $error = createStore<IconError | null>(null, { skipVoid: false })
    .on(uploadFailed, (_, failure) => ({ reason: 'server', failure }))
    .reset(...resetOn, removed, uploaded, iconShown);
  const $uploading = uploadFx.pending;

  const checked = sample({
    clock: chosen,
    source: $uploading,
    filter: (uploading) => !uploading,
    fn: (_, file) => ({ file, problem: checkIconFile(file) }),
  });
  sample({ clock: checked, filter: ({ problem }) => problem === null, fn: ({ file }) => file, target: uploadFx });
  sample({
    clock: checked,
    filter: ({ problem }) => problem !== null,
    fn: ({ problem }): IconError => ({ reason: problem as IconProblem }),
    target: $error,
  });
  sample({
    clock: uploadFx.done,
    source: $upload,
    filter: (file, { params }) => file === params,
    fn: (_, { result }) => result.url,
    target: uploaded,
  });
  sample({
    clock: uploadFx.fail,
    source: $upload,
    filter: (file, { params }) => file === params,
    fn: (_, { error }) => toFailure(error),
    target: uploadFailed,
  });

  return { chosen, removed, iconShown, uploadFx, $icon, $error, $uploading };
}

/** One icon field, as {@link createIconField} makes it. */
export type IconField = ReturnType<typeof createIconField>;
