// The login page's behaviour on the static markup of login.html. Plain DOM and @lingui/core with
// catalogs compiled at build time: no React, router, effector, TypeBox or message compiler, so the page
// is usable at first paint and its script is small. After a login the console loads as a new page.
import { setupI18n } from '@lingui/core';
import {
  messageOf,
  readStorage,
  readStoredJson,
  STORAGE_KEYS,
  writeStorage,
  type ErrorResponse,
  type LoginResponse,
  type Settings,
} from '@flotilla/shared';
import type { Locale } from '@flotilla/shared/contracts';
import { afterLoginPath } from '../router/guard';
import { catalogs, defaultLocale, locales } from './login-data.build-time';
import { validateLogin, type LoginErrors } from './login-form';

type Field = keyof LoginErrors;
const FIELDS: readonly Field[] = ['username', 'password'];

function isLocale(value: unknown): value is Locale {
  return (locales as readonly unknown[]).includes(value);
}

function byId<T extends HTMLElement>(doc: Document, id: string): T {
  const element = doc.getElementById(id);
  if (!element) throw new Error(`login.html has no #${id}`);
  return element as T;
}

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

  // Only what differs is written: the static page is already in zh-CN, and an unchanged text costs no layout.
  const setText = (element: HTMLElement, text: string) => {
    if (element.textContent !== text) element.textContent = text;
  };
  const setAttribute = (element: HTMLElement, name: string, value: string) => {
    if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  };

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
    i18n.activate(locale);
    doc.documentElement.lang = locale;
    for (const element of doc.querySelectorAll<HTMLElement>('[data-i18n]'))
      setText(element, t(element.dataset.i18n ?? ''));
    for (const element of doc.querySelectorAll<HTMLElement>('[data-i18n-placeholder]'))
      setAttribute(element, 'placeholder', t(element.dataset.i18nPlaceholder ?? ''));
    for (const element of doc.querySelectorAll<HTMLElement>('[data-i18n-aria-label]'))
      setAttribute(element, 'aria-label', t(element.dataset.i18nAriaLabel ?? ''));
    for (const button of doc.querySelectorAll<HTMLElement>('[data-locale]'))
      setAttribute(button, 'aria-pressed', String(button.dataset.locale === locale));
    setText(footer, t('shell.footer', { year: new Date().getFullYear() }));
    showErrors();
    showSubmit();
  };

  const showServerError = (message: string | null) => {
    serverError.textContent = message ?? '';
    serverError.hidden = message === null;
  };

  // The console's theme and colour-weak mode apply here too (its settings drawer saves them).
  const settings = readStoredJson<Partial<Settings>>(STORAGE_KEYS.settings, {});
  if (settings.theme === 'dark') doc.body.setAttribute('theme-mode', 'dark');
  if (settings.colorWeak === true) doc.body.style.filter = 'invert(80%)';

  const stored = readStorage(STORAGE_KEYS.locale);
  showLocale(isLocale(stored) ? stored : defaultLocale);

  for (const button of doc.querySelectorAll<HTMLElement>('[data-locale]')) {
    button.addEventListener('click', () => {
      const locale = button.dataset.locale;
      if (!isLocale(locale)) return;
      writeStorage(STORAGE_KEYS.locale, locale);
      showLocale(locale);
    });
  }

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
      const { token, user } = session;
      writeStorage(STORAGE_KEYS.token, token);
      writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
      writeStorage(STORAGE_KEYS.userId, user.id);
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

/** A login answer that carries a session (a token and a user with an id), else null: anything else is a failure. */
function asSession(body: unknown): LoginResponse | null {
  const candidate = body as Partial<LoginResponse> | null;
  return typeof candidate?.token === 'string' && typeof candidate.user?.id === 'string'
    ? (candidate as LoginResponse)
    : null;
}
