/**
 * Failures the browser detects itself, beside the server's {@link ERROR_CODES}: one stable code each,
 * shown to the user in their language by code (the shell's catalog has `shell.clientError.<code>`).
 */
export const CLIENT_ERRORS = {
  /** The server could not be reached. */
  network: 'NETWORK',
  /** No answer within the request timeout. */
  timeout: 'TIMEOUT',
  /** The page cancelled the call itself (never shown). */
  aborted: 'ABORTED',
  /** A streamed answer sent an event that is not JSON. */
  badEvent: 'BAD_EVENT',
  /** A streamed answer ended before its `done` event. */
  answerCutOff: 'ANSWER_CUT_OFF',
  /** `/remotes.json` could not be read. */
  remotesUnavailable: 'FLOTILLA_REMOTES_UNAVAILABLE',
  /** `/remotes.json` does not name the area's remote. */
  remoteNotConfigured: 'FLOTILLA_REMOTE_NOT_CONFIGURED',
  /** A remote's module has no component to show. */
  remoteBadModule: 'FLOTILLA_REMOTE_BAD_MODULE',
  /** A remote was built against a newer `@flotilla/shared` than the console provides. */
  sharedTooOld: 'FLOTILLA_SHARED_TOO_OLD',
  /** No widget loader is registered (a widget outside the console). */
  widgetNoLoader: 'FLOTILLA_WIDGET_NO_LOADER',
  /** A widget's module has no component to show. */
  widgetBadModule: 'FLOTILLA_WIDGET_BAD_MODULE',
} as const;

/** One of {@link CLIENT_ERRORS}. */
export type ClientErrorCode = (typeof CLIENT_ERRORS)[keyof typeof CLIENT_ERRORS];

/** Whether `code` is a failure the browser detected (rather than the server's code). */
export function isClientErrorCode(code: unknown): code is ClientErrorCode {
  return (Object.values(CLIENT_ERRORS) as unknown[]).includes(code);
}
