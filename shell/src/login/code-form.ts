// What the code login and the password reset share: a form whose ids start with one prefix, a phone that gets
// a code (code-sender.ts), field errors, the "code sent" notice, the server's refusal and the busy submit button.
import { wireCodeSender, type CodeSenderOptions } from './code-sender';
import { byId, setText } from './light-page';
import { CODE_REJECTED, failureMessage, showBanner, showFieldError, type Translate } from './light-form';
import type { SmsErrors, SmsFields } from './sms-form';

type Notice = { id: string; values?: Record<string, unknown> } | null;

export type CodeFormOptions<F extends keyof SmsFields> = {
  /** `fl-sms` → `#fl-sms-form`, `#fl-sms-send`, `#fl-sms-phone`, `#fl-sms-phone-error`, `#fl-sms-notice`… */
  prefix: string;
  fields: readonly F[];
  purpose: CodeSenderOptions['purpose'];
  /** Catalog ids of the submit button's label: idle, then while the call runs. */
  submitLabels: readonly [idle: string, busy: string];
  validate: (values: Record<F, string>) => SmsErrors;
  /** Sends the form; answers true when it worked (the form is then left as the caller wants), else the failed response. */
  send: (values: Record<F, string>) => Promise<true | Response | null>;
  t: Translate;
  locale: () => string;
};

/** Makes one code form work; answers its redraw (after a language switch) and a way to clear it. */
export function wireCodeForm<F extends keyof SmsFields>(
  doc: Document,
  options: CodeFormOptions<F>,
): { show: () => void; clear: () => void } {
  const { prefix, fields, t, locale } = options;
  const form = byId<HTMLFormElement>(doc, `${prefix}-form`);
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const notice = byId(doc, `${prefix}-notice`);
  const serverError = byId(doc, `${prefix}-server-error`);
  const inputs = Object.fromEntries(
    fields.map((field) => [field, byId<HTMLInputElement>(doc, `${prefix}-${field}`)]),
  ) as Record<F, HTMLInputElement>;
  const input = (field: 'phone' | 'code') => byId<HTMLInputElement>(doc, `${prefix}-${field}`);
  let errors: SmsErrors = {};
  let sent: Notice = null;
  let submitting = false;

  const showErrors = () => {
    for (const field of fields) {
      const id = errors[field];
      showFieldError(inputs[field], byId(doc, `${prefix}-${field}-error`), id ? t(id) : '');
    }
  };
  const showSubmit = () => {
    if (!submit) return;
    submit.disabled = submitting;
    setText(submit, t(options.submitLabels[submitting ? 1 : 0]));
  };
  const showNotice = () => setText(notice, sent ? t(sent.id, sent.values) : '');

  const sender = wireCodeSender({
    button: byId<HTMLButtonElement>(doc, `${prefix}-send`),
    phone: input('phone'),
    purpose: options.purpose,
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
      if (outcome.sent) input('code').focus();
    },
  });

  for (const field of fields) {
    inputs[field].addEventListener('input', () => {
      errors = { ...errors, [field]: undefined };
      showErrors();
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const values = Object.fromEntries(fields.map((field) => [field, inputs[field].value])) as Record<F, string>;
    errors = options.validate(values);
    showErrors();
    showBanner(serverError, null);
    if (Object.values(errors).some(Boolean) || submitting) return;
    submitting = true;
    showSubmit();
    const outcome = await options.send(values);
    submitting = false;
    showSubmit();
    if (outcome !== true) showBanner(serverError, await failureMessage(outcome, t, 'shell.sms.retryIn', CODE_REJECTED));
  });

  return {
    show: () => {
      showErrors();
      showSubmit();
      showNotice();
      sender.show();
    },
    clear: () => {
      form.reset();
      sent = null;
      showNotice();
    },
  };
}
