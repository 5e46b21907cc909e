// The register page's behaviour on the static markup of register.html: the login page's approach (plain
// DOM, @lingui/core with catalogs compiled at build time) and its parts (../login/light-page, the login's
// "Send code" button). After a registration the console loads as a new page, logged in.
import { setupI18n } from '@lingui/core';
import { messageOf, STORAGE_KEYS, writeStorage, type ErrorResponse, type ValidationError } from '@flotilla/shared';
import type { Locale, RegisterInfoResponse } from '@flotilla/shared/contracts';
import {
  applySavedSettings,
  asSession,
  byId,
  onLocaleSwitch,
  savedLocale,
  setText,
  storeSession,
  translatePage,
} from '../login/light-page';
import { wireCodeSender } from '../login/code-sender';
import { HOME_PATH } from '../router/route-match';
import { catalogs } from './register-data.build-time';
import { validateRegister, type RegisterErrors, type RegisterFields } from './register-form';

type Field = keyof RegisterFields;
const FIELDS: readonly Field[] = ['ref', 'username', 'nickname', 'phone', 'password', 'smsCode'];

/**
 * What the page says about the invitation code: not given, being checked, working (with what it brings and
 * whether the phone needs a code), or not working.
 */
type CodeState =
  | { kind: 'missing' }
  | { kind: 'checking' }
  | { kind: 'invalid' }
  | { kind: 'valid'; tenant: string; credits: number; phoneCodeRequired: boolean };

/** A server error for a field: the message of a 422 whose `loc` names it. */
type FieldMessages = Partial<Record<Field, string>>;

/**
 * Makes the register form of `doc` work: the code from `?ref=` (checked with `GET /v1/register/info`, its
 * tenant and the reward shown, or plainly said not to work), the phone's code row when the programme requires
 * one ("Send code" with purpose `register`), the fields checked as the server does, `POST /v1/register`
 * (form), and on success the session stored as a login stores it and `navigate` to
 * the console. Values typed before this ran are kept.
 */
export function startRegisterPage(
  doc: Document = document,
  navigate: (path: string) => void = (path) => window.location.replace(path),
): void {
  const i18n = setupI18n();
  for (const [locale, messages] of Object.entries(catalogs)) i18n.load(locale, messages);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);

  const form = byId<HTMLFormElement>(doc, 'fl-register-form');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const notice = byId(doc, 'fl-register-notice');
  const serverError = byId(doc, 'fl-register-server-error');
  const footer = byId(doc, 'fl-register-footer');
  const codeRow = byId(doc, 'fl-register-code-row');
  const codeNotice = byId(doc, 'fl-register-code-notice');
  const inputs = Object.fromEntries(
    FIELDS.map((field) => [field, byId<HTMLInputElement>(doc, `fl-register-${field}`)]),
  ) as Record<Field, HTMLInputElement>;
  let errors: RegisterErrors = {};
  let serverFieldErrors: FieldMessages = {};
  let code: CodeState = { kind: 'missing' };
  let codeSent: { minutes: number } | null = null;
  let submitting = false;
  const phoneCodeRequired = () => code.kind === 'valid' && code.phoneCodeRequired;

  const showErrors = () => {
    for (const field of FIELDS) {
      const message = byId(doc, `fl-register-${field}-error`);
      const id = errors[field];
      const text = serverFieldErrors[field] ?? (id ? t(id) : '');
      setText(message, text);
      if (text) message.setAttribute('role', 'alert');
      else message.removeAttribute('role');
      inputs[field].setAttribute('aria-invalid', String(Boolean(text)));
      if (text) inputs[field].setAttribute('aria-describedby', message.id);
      else inputs[field].removeAttribute('aria-describedby');
    }
  };

  const showNotice = () => {
    const lines =
      code.kind === 'valid'
        ? [
            t('shell.register.invited', { tenant: code.tenant }),
            ...(code.credits > 0 ? [t('shell.register.reward', { credits: code.credits })] : []),
          ]
        : [t(`shell.register.${code.kind}`)];
    setText(notice, lines.join(' '));
    notice.dataset.state = code.kind;
    codeRow.hidden = !phoneCodeRequired();
    setText(codeNotice, codeSent ? t('shell.sms.sent', codeSent) : '');
  };

  const showSubmit = () => {
    if (!submit) return;
    submit.disabled = submitting;
    setText(submit, t(submitting ? 'shell.register.submitting' : 'shell.register.submit'));
  };

  const showServerError = (message: string | null) => {
    serverError.textContent = message ?? '';
    serverError.hidden = message === null;
  };

  const sender = wireCodeSender({
    button: byId<HTMLButtonElement>(doc, 'fl-register-send'),
    phone: inputs.phone,
    purpose: 'register',
    t,
    locale: () => i18n.locale,
    onPhoneError: (id) => {
      errors = { ...errors, phone: id };
      showErrors();
      showServerError(null);
    },
    onOutcome: (outcome) => {
      codeSent = outcome.sent ? { minutes: Math.ceil(outcome.expiresInSeconds / 60) } : null;
      showNotice();
      showServerError(outcome.sent ? null : outcome.message);
      if (outcome.sent) inputs.smsCode.focus();
    },
  });

  const showLocale = (locale: Locale) => {
    translatePage(doc, i18n, locale);
    setText(footer, t('shell.footer', { year: new Date().getFullYear() }));
    showNotice();
    showErrors();
    showSubmit();
    sender.show();
  };

  // Only the latest check counts: a slow answer for a code since changed is dropped.
  let checks = 0;
  const checkCode = async () => {
    const ref = inputs.ref.value.trim();
    const check = ++checks;
    if (!ref) {
      code = { kind: 'missing' };
      showNotice();
      return;
    }
    code = { kind: 'checking' };
    showNotice();
    const response = await fetch(`/v1/register/info?${new URLSearchParams({ ref })}`, {
      headers: { Accept: 'application/json', 'Accept-Language': i18n.locale },
    }).catch(() => null);
    const info = (response?.ok ? await response.json().catch(() => null) : null) as RegisterInfoResponse | null;
    if (check !== checks) return;
    code =
      info?.valid === true
        ? {
            kind: 'valid',
            tenant: info.tenantName ?? '',
            credits: info.refereeReward ?? 0,
            phoneCodeRequired: info.phoneCodeRequired === true,
          }
        : { kind: 'invalid' };
    if (!phoneCodeRequired()) {
      errors = { ...errors, smsCode: undefined };
      serverFieldErrors = { ...serverFieldErrors, smsCode: undefined };
      showErrors();
    }
    showNotice();
  };

  /** What a refused registration says: under the field the server names, else above the button. */
  const showFailure = async (response: Response | null) => {
    if (!response) return showServerError(t('shell.login.networkError'));
    if (response.ok) return showServerError(t('shell.login.badAnswer'));
    const body: unknown = await response.json().catch(() => null);
    const retryAfter = response.status === 429 ? (body as Partial<ErrorResponse> | null)?.retryAfter : undefined;
    if (retryAfter) return showServerError(t('shell.register.retryIn', { seconds: retryAfter }));
    const first = (body as Partial<ValidationError> | null)?.detail?.[0];
    const field = first?.loc?.[1];
    if (response.status === 422 && typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) {
      serverFieldErrors = { [field]: first?.msg ?? '' };
      showErrors();
      if (field === 'ref') {
        code = { kind: 'invalid' };
        showNotice();
      }
      return;
    }
    showServerError(messageOf(body, response.statusText || `HTTP ${response.status}`));
  };

  applySavedSettings(doc);
  const fromLink = new URLSearchParams(doc.defaultView?.location.search ?? '').get('ref');
  if (fromLink && !inputs.ref.value) inputs.ref.value = fromLink;
  showLocale(savedLocale());
  onLocaleSwitch(doc, showLocale);

  for (const field of FIELDS) {
    inputs[field].addEventListener('input', () => {
      errors = { ...errors, [field]: undefined };
      serverFieldErrors = { ...serverFieldErrors, [field]: undefined };
      showErrors();
    });
  }
  inputs.ref.addEventListener('change', () => void checkCode());

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = Object.fromEntries(FIELDS.map((field) => [field, inputs[field].value])) as RegisterFields;
    const withCode = phoneCodeRequired();
    errors = validateRegister(fields, { codeRequired: withCode });
    serverFieldErrors = {};
    showErrors();
    showServerError(null);
    if (Object.values(errors).some(Boolean) || submitting) return;
    submitting = true;
    showSubmit();
    const response = await fetch('/v1/register', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': i18n.locale,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        username: fields.username.trim(),
        nickname: fields.nickname.trim(),
        phone: fields.phone.trim(),
        password: fields.password,
        ref: fields.ref.trim(),
        ...(withCode ? { smsCode: fields.smsCode.trim() } : {}),
      }),
    }).catch(() => null);
    const session = response?.ok ? asSession(await response.json().catch(() => null)) : null;
    if (session) {
      storeSession(session);
      navigate(HOME_PATH);
      return;
    }
    writeStorage(STORAGE_KEYS.token, null);
    await showFailure(response);
    submitting = false;
    showSubmit();
  });

  showSubmit();
  void checkCode();
}
