// "Forgot password?": a phone, a reset code sent to it (code-sender.ts), the new password twice, and
// `POST /v1/password/reset`; on success `onDone` takes the visitor back to the password tab.
import { wireCodeSender } from './code-sender';
import { byId, setText } from './light-page';
import { CODE_REJECTED, failureMessage, postForm, showBanner, showFieldError, type Translate } from './light-form';
import { validateReset, type SmsErrors, type SmsFields } from './sms-form';

const FIELDS = ['phone', 'code', 'password', 'repeat'] as const;

type Notice = { id: string; values?: Record<string, unknown> } | null;

export type PasswordResetOptions = { t: Translate; locale: () => string; onDone: () => void; onBack: () => void };

/** Makes the reset form of `doc` work; answers its redraw (after a language switch). */
export function wirePasswordReset(
  doc: Document,
  { t, locale, onDone, onBack }: PasswordResetOptions,
): { show: () => void } {
  const form = byId<HTMLFormElement>(doc, 'fl-reset-form');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const notice = byId(doc, 'fl-reset-notice');
  const serverError = byId(doc, 'fl-reset-server-error');
  const inputs = Object.fromEntries(
    FIELDS.map((field) => [field, byId<HTMLInputElement>(doc, `fl-reset-${field}`)]),
  ) as Record<keyof SmsFields, HTMLInputElement>;
  let errors: SmsErrors = {};
  let sent: Notice = null;
  let submitting = false;

  const showErrors = () => {
    for (const field of FIELDS) {
      const id = errors[field];
      showFieldError(inputs[field], byId(doc, `fl-reset-${field}-error`), id ? t(id) : '');
    }
  };
  const showSubmit = () => {
    if (!submit) return;
    submit.disabled = submitting;
    setText(submit, t(submitting ? 'shell.sms.resetSubmitting' : 'shell.sms.resetSubmit'));
  };
  const showNotice = () => setText(notice, sent ? t(sent.id, sent.values) : '');

  const sender = wireCodeSender({
    button: byId<HTMLButtonElement>(doc, 'fl-reset-send'),
    phone: inputs.phone,
    purpose: 'reset',
    t,
    locale,
    onPhoneError: (id) => {
      errors = { ...errors, phone: id };
      showErrors();
      showBanner(serverError, null);
    },
    onOutcome: (outcome) => {
      sent = outcome.sent
        ? { id: 'shell.sms.sent', values: { minutes: Math.ceil(outcome.expiresInSeconds / 60) } }
        : null;
      showNotice();
      showBanner(serverError, outcome.sent ? null : outcome.message);
      if (outcome.sent) inputs.code.focus();
    },
  });

  for (const field of FIELDS) {
    inputs[field].addEventListener('input', () => {
      errors = { ...errors, [field]: undefined };
      showErrors();
    });
  }
  byId(doc, 'fl-reset-back').addEventListener('click', onBack);

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(FIELDS.map((field) => [field, inputs[field].value])) as SmsFields;
    errors = validateReset(fields);
    showErrors();
    showBanner(serverError, null);
    if (Object.values(errors).some(Boolean) || submitting) return;
    submitting = true;
    showSubmit();
    const response = await postForm(
      '/v1/password/reset',
      { phone: fields.phone.trim(), code: fields.code.trim(), password: fields.password },
      locale(),
    );
    const body: unknown = response?.ok
      ? await response
          .clone()
          .json()
          .catch(() => null)
      : null;
    submitting = false;
    showSubmit();
    if ((body as { ok?: unknown } | null)?.ok === true) {
      form.reset();
      sent = null;
      showNotice();
      onDone();
      return;
    }
    showBanner(serverError, await failureMessage(response, t, 'shell.sms.retryIn', CODE_REJECTED));
  });

  const show = () => {
    showErrors();
    showSubmit();
    showNotice();
    sender.show();
  };
  return { show };
}
