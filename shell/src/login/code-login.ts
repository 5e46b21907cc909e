// The "Code" tab: a phone, a code sent to it (code-sender.ts), and `POST /v1/sms/valid`, whose answer is
// the form login's: the session is stored and the page goes where the password login goes.
import { STORAGE_KEYS, writeStorage } from '@flotilla/shared';
import { afterLoginPath } from '../router/guard';
import { wireCodeSender } from './code-sender';
import { asSession, byId, setText, storeSession } from './light-page';
import { CODE_REJECTED, failureMessage, postForm, showBanner, showFieldError, type Translate } from './light-form';
import { validateCodeLogin, type SmsErrors } from './sms-form';

const FIELDS = ['phone', 'code'] as const;

type Notice = { id: string; values?: Record<string, unknown> } | null;

export type CodeLoginOptions = { t: Translate; locale: () => string; navigate: (path: string) => void };

/** Makes the code form of `doc` work; answers its redraw (after a language switch). */
export function wireCodeLogin(doc: Document, { t, locale, navigate }: CodeLoginOptions): { show: () => void } {
  const form = byId<HTMLFormElement>(doc, 'fl-sms-form');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const notice = byId(doc, 'fl-sms-notice');
  const serverError = byId(doc, 'fl-sms-server-error');
  const inputs = {
    phone: byId<HTMLInputElement>(doc, 'fl-sms-phone'),
    code: byId<HTMLInputElement>(doc, 'fl-sms-code'),
  };
  let errors: SmsErrors = {};
  let sent: Notice = null;
  let submitting = false;

  const showErrors = () => {
    for (const field of FIELDS) {
      const id = errors[field];
      showFieldError(inputs[field], byId(doc, `fl-sms-${field}-error`), id ? t(id) : '');
    }
  };
  const showSubmit = () => {
    if (!submit) return;
    submit.disabled = submitting;
    setText(submit, t(submitting ? 'shell.login.submitting' : 'shell.login.submit'));
  };
  const showNotice = () => setText(notice, sent ? t(sent.id, sent.values) : '');

  const sender = wireCodeSender({
    button: byId<HTMLButtonElement>(doc, 'fl-sms-send'),
    phone: inputs.phone,
    purpose: 'login',
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

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const phone = inputs.phone.value.trim();
    const code = inputs.code.value.trim();
    errors = validateCodeLogin({ phone, code });
    showErrors();
    showBanner(serverError, null);
    if (errors.phone || errors.code || submitting) return;
    submitting = true;
    showSubmit();
    const response = await postForm('/v1/sms/valid', { phone, code }, locale());
    const session = response?.ok ? asSession(await response.json().catch(() => null)) : null;
    if (session) {
      storeSession(session);
      navigate(afterLoginPath(window.location.search));
      return;
    }
    writeStorage(STORAGE_KEYS.token, null);
    showBanner(serverError, await failureMessage(response, t, 'shell.sms.retryIn', CODE_REJECTED));
    submitting = false;
    showSubmit();
  });

  const show = () => {
    showErrors();
    showSubmit();
    showNotice();
    sender.show();
  };
  return { show };
}
