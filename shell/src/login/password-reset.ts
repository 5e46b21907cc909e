// "Forgot password?": a phone, a reset code sent to it, the new password twice, and `POST /v1/password/reset`;
// on success `onDone` takes the visitor back to the password tab.
import { wireCodeForm } from './code-form';
import { byId } from './light-page';
import { postForm, type Translate } from './light-form';
import { validateReset } from './sms-form';

export type PasswordResetOptions = { t: Translate; locale: () => string; onDone: () => void; onBack: () => void };

/** Makes the reset form of `doc` work; answers its redraw (after a language switch). */
export function wirePasswordReset(
  doc: Document,
  { t, locale, onDone, onBack }: PasswordResetOptions,
): { show: () => void } {
  byId(doc, 'fl-reset-back').addEventListener('click', onBack);
  const reset = wireCodeForm(doc, {
    prefix: 'fl-reset',
    fields: ['phone', 'code', 'password', 'repeat'],
    purpose: 'reset',
    submitLabels: ['shell.sms.resetSubmit', 'shell.sms.resetSubmitting'],
    validate: validateReset,
    send: async ({ phone, code, password }) => {
      const response = await postForm(
        '/v1/password/reset',
        { phone: phone.trim(), code: code.trim(), password },
        locale(),
      );
      const body: unknown = response?.ok
        ? await response
            .clone()
            .json()
            .catch(() => null)
        : null;
      if ((body as { ok?: unknown } | null)?.ok !== true) return response;
      reset.clear();
      onDone();
      return true;
    },
    t,
    locale,
  });
  return { show: reset.show };
}
