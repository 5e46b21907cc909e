// The login page's behaviour on the static markup of login.html. Plain DOM and @lingui/core with
// catalogs compiled at build time: no React, router, effector, TypeBox or message compiler, so the page
// is usable at first paint and its script is small. After a login the console loads as a new page.
import { setupI18n } from '@lingui/core';
import { messageOf, STORAGE_KEYS, writeStorage, type ErrorResponse } from '@flotilla/shared';
import type { Locale } from '@flotilla/shared/contracts';
import { afterLoginPath } from '../router/guard';
import {
  applySavedSettings,
  asSession,
  byId,
  onLocaleSwitch,
  savedLocale,
  setText,
  storeSession,
  translatePage,
} from './light-page';
import { catalogs, locales } from './login-data.build-time';
import { validateLogin, type LoginErrors } from './login-form';

type Field = keyof LoginErrors;
const FIELDS: readonly Field[] = ['username', 'password'];

/** What a failed login says: the wait of a throttled login, the server's message, or that it is unreachable. */
async function failureMessage(
  response: Response | null,
  t: (id: string, values?: Record<string, unknown>) => string,
): Promise<string> {
  if (!response) return t('shell.login.networkError');
  // A success without a session (a proxy's page, an empty body): not a login, and not the server's message.
  if (response.ok) return t('shell.login.badAnswer');
  const body: unknown = await response.json().catch(() => null);
  const retryAfter = response.status === 429 ? (body as Partial<ErrorResponse> | null)?.retryAfter : undefined;
  if (retryAfter) return t('shell.login.retryIn', { seconds: retryAfter });
  return messageOf(body, response.statusText || `HTTP ${response.status}`);
}

/**
 * Makes the login form of `doc` work: texts in the saved language (`arco-locale`, else zh-CN) with the
 * switch, the saved theme, both fields required, `POST /v1/login` (form), and on success the session
 * stored under `token`, `user-state` and `userId` — the keys the console's auth bus starts from — and
 * `navigate` to the page the visitor asked for (`?redirect=`) or /robot, where the console loads.
 * Values typed before this ran are kept.
 */
export function startLoginPage(
  doc: Document = document,
  navigate: (path: string) => void = (path) => window.location.replace(path),
): void {
  const i18n = setupI18n();
  for (const locale of locales) i18n.load(locale, catalogs[locale]);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);

  const form = byId<HTMLFormElement>(doc, 'fl-login-form');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const serverError = byId(doc, 'fl-login-server-error');
  const footer = byId(doc, 'fl-login-footer');
  const inputs = {
    username: byId<HTMLInputElement>(doc, 'fl-login-username'),
    password: byId<HTMLInputElement>(doc, 'fl-login-password'),
  };
  let errors: LoginErrors = {};
  let submitting = false;

  const showErrors = () => {
    for (const field of FIELDS) {
      const message = byId(doc, `fl-login-${field}-error`);
      const id = errors[field];
      setText(message, id ? t(id) : '');
      if (id) message.setAttribute('role', 'alert');
      else message.removeAttribute('role');
      inputs[field].setAttribute('aria-invalid', String(Boolean(id)));
      if (id) inputs[field].setAttribute('aria-describedby', message.id);
      else inputs[field].removeAttribute('aria-describedby');
    }
  };

  const showSubmit = () => {
    if (!submit) return;
    submit.disabled = submitting;
    setText(submit, t(submitting ? 'shell.login.submitting' : 'shell.login.submit'));
  };

  const showLocale = (locale: Locale) => {
    translatePage(doc, i18n, locale);
    setText(footer, t('shell.footer', { year: new Date().getFullYear() }));
    showErrors();
    showSubmit();
  };

  const showServerError = (message: string | null) => {
    serverError.textContent = message ?? '';
    serverError.hidden = message === null;
  };

  applySavedSettings(doc);
  showLocale(savedLocale());
  onLocaleSwitch(doc, showLocale);

  for (const field of FIELDS) {
    inputs[field].addEventListener('input', () => {
      errors = { ...errors, [field]: undefined };
      showErrors();
    });
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const username = inputs.username.value;
    const password = inputs.password.value;
    errors = validateLogin({ username, password });
    showErrors();
    showServerError(null);
    if (errors.username || errors.password || submitting) return;
    submitting = true;
    showSubmit();
    const response = await fetch('/v1/login', {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': i18n.locale,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ username: username.trim(), password }),
    }).catch(() => null);
    const session = response?.ok ? asSession(await response.json().catch(() => null)) : null;
    if (session) {
      storeSession(session);
      navigate(afterLoginPath(window.location.search));
      return;
    }
    // A failed login clears the token.
    writeStorage(STORAGE_KEYS.token, null);
    showServerError(await failureMessage(response, t));
    submitting = false;
    showSubmit();
  });

  // Until now a press of Enter would have gone nowhere: the button waits for the script.
  showSubmit();
}
