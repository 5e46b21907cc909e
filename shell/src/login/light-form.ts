// What the login page's forms share: posting a form to the server in the page's language, saying why a
// call failed, and showing a field's message next to it. Plain DOM.
import { messageOf, type ErrorResponse } from '@flotilla/shared';
import { setText } from './light-page';

/** A catalog lookup with ICU values: the page's `i18n._`. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** `POST path` as a form, answered in `locale`; null when the server cannot be reached. */
export function postForm(path: string, fields: Record<string, string>, locale: string): Promise<Response | null> {
  return fetch(path, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Accept-Language': locale,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields),
  }).catch(() => null);
}

/** The wait a throttled call (429) names in its `retryAfter`, in seconds, else null. */
export function retryAfterOf(response: Response, body: unknown): number | null {
  const retryAfter = response.status === 429 ? (body as Partial<ErrorResponse> | null)?.retryAfter : undefined;
  return typeof retryAfter === 'number' && retryAfter > 0 ? retryAfter : null;
}

/**
 * What a failed call says: that the server is unreachable, that a success carried nothing usable, the
 * wait of a throttled call (`retryId` worded with its seconds), the page's own words for an error code it
 * knows (`known`: code → catalog id), or the server's message.
 */
export async function failureMessage(
  response: Response | null,
  t: Translate,
  retryId: string,
  known: Record<string, string> = {},
): Promise<string> {
  if (!response) return t('shell.login.networkError');
  // A success without what was asked for (a proxy's page, an empty body): not the server's message.
  if (response.ok) return t('shell.login.badAnswer');
  const body: unknown = await response.json().catch(() => null);
  const retryAfter = retryAfterOf(response, body);
  if (retryAfter) return t(retryId, { seconds: retryAfter });
  const code = (body as Partial<ErrorResponse> | null)?.code;
  if (typeof code === 'string' && Object.hasOwn(known, code)) return t(known[code]);
  return messageOf(body, response.statusText || `HTTP ${response.status}`);
}

/** The error code of a wrong, expired or used SMS code, said in the page's own words. */
export const CODE_REJECTED = { SMS_CODE_INVALID: 'shell.sms.codeRejected' } as const;

/** Writes `text` under `input` (its `<div>` of messages) and marks the input invalid while there is one. */
export function showFieldError(input: HTMLInputElement, message: HTMLElement, text: string): void {
  setText(message, text);
  if (text) message.setAttribute('role', 'alert');
  else message.removeAttribute('role');
  input.setAttribute('aria-invalid', String(Boolean(text)));
  if (text) input.setAttribute('aria-describedby', message.id);
  else input.removeAttribute('aria-describedby');
}

/** Shows `message` in a banner element, or hides the banner for null. */
export function showBanner(element: HTMLElement, message: string | null): void {
  element.textContent = message ?? '';
  element.hidden = message === null;
}
