// The login page's behaviour on the static markup of login.html. Plain DOM and @lingui/core with
// catalogs compiled at build time: no React, router, effector, TypeBox or message compiler, so the page
// is usable at first paint and its script is small. After a login the console loads as a new page.
import { setupI18n } from '@lingui/core';
import { STORAGE_KEYS, writeStorage } from '@flotilla/shared';
import type { Locale } from '@flotilla/shared/contracts';
import { afterLoginPath } from '../router/guard';
import { wireCodeLogin } from './code-login';
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
import { failureMessage, postForm, showBanner } from './light-form';
import { readBrand, showBrandTexts } from './login-brand';
import { catalogs, locales } from './login-data.build-time';
import { validateLogin, type LoginErrors } from './login-form';
import { wireLoginViews } from './login-views';
import { wirePasswordReset } from './password-reset';
import { rememberSsoLoginPath, takeSsoFailure } from './sso-failure';
import { wireSsoOptions } from './sso-options';

type Field = keyof LoginErrors;
const FIELDS: readonly Field[] = ['username', 'password'];

/**
 * Makes the login form of `doc` work: texts in the saved language (`arco-locale`, else zh-CN) with the
 * switch, the saved theme, both fields required, `POST /v1/login` (form), and on success the session
 * stored under `token`, `user-state` and `userId` — the keys the console's auth bus starts from — and
 * `navigate` to the page the visitor asked for (`?redirect=`) or /robot, where the console loads.
 * Values typed before this ran are kept. The "Code" tab and "Forgot password?" use SMS codes instead
 * (code-login.ts, password-reset.ts). Below the forms, one button per single sign-on provider `leave`s for
 * its authorization URL (sso-options.ts); a failed sign-on's reason shows once in the banner. On a branded
 * page (login-brand.ts) the brand's texts stay across language switches and only its methods are offered:
 * "Forgot password?" needs both the password and codes (a reset is by SMS code).
 */
export function startLoginPage(
  doc: Document = document,
  navigate: (path: string) => void = (path) => window.location.replace(path),
  leave: (url: string) => void = (url) => window.location.assign(url),
): void {
  const i18n = setupI18n();
  for (const locale of locales) i18n.load(locale, catalogs[locale]);
  const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);

  const form = byId<HTMLFormElement>(doc, 'fl-login-form');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const serverError = byId(doc, 'fl-login-server-error');
  const footer = byId(doc, 'fl-login-footer');
  const notice = byId(doc, 'fl-login-notice');
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

  const showServerError = (message: string | null) => showBanner(serverError, message);
  // After a reset by code: the password tab says so until the next try.
  let resetDone = false;
  const showNotice = () => showBanner(notice, resetDone ? t('shell.sms.resetDone') : null);

  const locale = () => i18n.locale;
  const brand = readBrand(doc);
  const offers = (method: (typeof brand.methods)[number]) => brand.methods.includes(method);
  const views = wireLoginViews(doc, brand.methods);
  // Logged in: a logout later comes back to this login page, branded or not.
  const enter = (path: string) => {
    writeStorage(STORAGE_KEYS.loginPath, window.location.pathname);
    navigate(path);
  };
  const codeLogin = wireCodeLogin(doc, { t, locale, navigate: enter });
  const reset = wirePasswordReset(doc, {
    t,
    locale,
    onDone: () => {
      resetDone = true;
      showNotice();
      views.show('password', 'panel');
    },
    onBack: () => views.show('password', 'panel'),
  });
  const startSso = (url: string) => {
    // A failed sign-on comes back to this login page, branded or not.
    rememberSsoLoginPath(window.location.pathname);
    leave(url);
  };
  const sso = offers('sso')
    ? wireSsoOptions(doc, { t, locale, go: startSso, providers: brand.ssoProviders })
    : { show: () => undefined };
  // A single sign-on that failed on the callback page says why, once.
  let ssoFailure = takeSsoFailure();
  // In the password form's banner, else the code form's, else (single sign-on alone) the page's own.
  const ssoFailureBanner = offers('password')
    ? serverError
    : byId(doc, offers('code') ? 'fl-sms-server-error' : 'fl-sso-server-error');
  const showSsoFailure = () => {
    if (ssoFailure !== null) showBanner(ssoFailureBanner, t('shell.sso.failed', { reason: ssoFailure }));
  };
  const forgot = byId(doc, 'fl-login-forgot');
  forgot.hidden = !(offers('password') && offers('code'));
  forgot.addEventListener('click', () => {
    resetDone = false;
    showNotice();
    views.show('reset', 'panel');
  });

  const showLocale = (locale: Locale) => {
    translatePage(doc, i18n, locale);
    showBrandTexts(doc, brand, locale);
    setText(footer, t('shell.footer', { year: new Date().getFullYear() }));
    showErrors();
    showSubmit();
    showNotice();
    codeLogin.show();
    reset.show();
    sso.show();
    showSsoFailure();
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
    ssoFailure = null;
    showServerError(null);
    resetDone = false;
    showNotice();
    if (errors.username || errors.password || submitting) return;
    submitting = true;
    showSubmit();
    const response = await postForm('/v1/login', { username: username.trim(), password }, i18n.locale);
    const session = response?.ok ? asSession(await response.json().catch(() => null)) : null;
    if (session) {
      storeSession(session);
      enter(afterLoginPath(window.location.search));
      return;
    }
    // A failed login clears the token.
    writeStorage(STORAGE_KEYS.token, null);
    showServerError(await failureMessage(response, t, 'shell.login.retryIn'));
    submitting = false;
    showSubmit();
  });

  // Until now a press of Enter would have gone nowhere: the button waits for the script.
  showSubmit();
}
