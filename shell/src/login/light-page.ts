// What the light pages (login.html, register.html) share: their static markup's texts switched to the saved
// language, the console's saved theme, and the session a login or a registration answers. Plain DOM.
import type { I18n } from '@lingui/core';
import {
  readStorage,
  readStoredJson,
  STORAGE_KEYS,
  writeStorage,
  type LoginResponse,
  type Settings,
} from '@flotilla/shared';
import type { Locale } from '@flotilla/shared/contracts';
import { defaultLocale, locales } from './login-data.build-time';

export function isLocale(value: unknown): value is Locale {
  return (locales as readonly unknown[]).includes(value);
}

/** The element of the page's markup with this id; a page without it is a build mistake. */
export function byId<T extends HTMLElement>(doc: Document, id: string): T {
  const element = doc.getElementById(id);
  if (!element) throw new Error(`The page has no #${id}`);
  return element as T;
}

// Only what differs is written: the static page is already in zh-CN, and an unchanged text costs no layout.
export function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}
export function setAttribute(element: HTMLElement, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Writes every `data-i18n*` text of `doc` in `locale`, and marks the pressed language button. */
export function translatePage(doc: Document, i18n: I18n, locale: Locale): void {
  i18n.activate(locale);
  doc.documentElement.lang = locale;
  const t = (id: string) => i18n._(id);
  for (const element of doc.querySelectorAll<HTMLElement>('[data-i18n]'))
    setText(element, t(element.dataset.i18n ?? ''));
  for (const element of doc.querySelectorAll<HTMLElement>('[data-i18n-placeholder]'))
    setAttribute(element, 'placeholder', t(element.dataset.i18nPlaceholder ?? ''));
  for (const element of doc.querySelectorAll<HTMLElement>('[data-i18n-aria-label]'))
    setAttribute(element, 'aria-label', t(element.dataset.i18nAriaLabel ?? ''));
  for (const button of doc.querySelectorAll<HTMLElement>('[data-locale]'))
    setAttribute(button, 'aria-pressed', String(button.dataset.locale === locale));
}

/** The console's theme and colour-weak mode (its settings drawer saves them) apply on a light page too. */
export function applySavedSettings(doc: Document): void {
  const settings = readStoredJson<Partial<Settings>>(STORAGE_KEYS.settings, {});
  if (settings.theme === 'dark') doc.body.setAttribute('theme-mode', 'dark');
  if (settings.colorWeak === true) doc.body.style.filter = 'invert(80%)';
}

/** The saved language, else the default. */
export function savedLocale(): Locale {
  const stored = readStorage(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : defaultLocale;
}

/** Makes the page's language buttons switch it (and save the choice); `show` redraws the page. */
export function onLocaleSwitch(doc: Document, show: (locale: Locale) => void): void {
  for (const button of doc.querySelectorAll<HTMLElement>('[data-locale]')) {
    button.addEventListener('click', () => {
      const locale = button.dataset.locale;
      if (!isLocale(locale)) return;
      writeStorage(STORAGE_KEYS.locale, locale);
      show(locale);
    });
  }
}

/** A login answer that carries a session (a token and a user with an id), else null: anything else is a failure. */
export function asSession(body: unknown): LoginResponse | null {
  const candidate = body as Partial<LoginResponse> | null;
  return typeof candidate?.token === 'string' && typeof candidate.user?.id === 'string'
    ? (candidate as LoginResponse)
    : null;
}

/** Stores a session under the keys the console's auth bus starts from. */
export function storeSession({ token, user }: LoginResponse): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.user, JSON.stringify(user));
  writeStorage(STORAGE_KEYS.userId, user.id);
}
