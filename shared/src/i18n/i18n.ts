import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { createEffect, createEvent, createStore, sample } from 'effector';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '../contracts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage';

export { i18n };

/** One app's messages in one locale: id → ICU message. */
export type Catalog = Record<string, string>;
/** One app's messages in every locale; both locales must hold the same ids (tests check it). */
export type Catalogs = Record<Locale, Catalog>;

function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/** The stored locale (`arco-locale`), else zh-CN. */
export function initialLocale(): Locale {
  const stored = readStorage(STORAGE_KEYS.locale);
  return isLocale(stored) ? stored : DEFAULT_LOCALE;
}

/**
 * Merges an app's catalogs into the one shared Lingui instance. Each app (shell, every remote)
 * calls this once when it loads; messages are compiled here, so no compiler ships per message.
 * Ids missing from a locale fall back to the en-US text.
 */
export function loadCatalogs(catalogs: Catalogs): void {
  for (const locale of LOCALES) {
    const merged = { ...catalogs[FALLBACK_LOCALE], ...catalogs[locale] };
    const compiled = Object.fromEntries(Object.entries(merged).map(([id, text]) => [id, compileMessage(text)]));
    i18n.load(locale, compiled);
  }
  if (!i18n.locale) i18n.activate($locale.getState());
  else i18n.activate(i18n.locale); // re-render subscribers with the new messages
}

/** The user switched language. */
export const localeChanged = createEvent<Locale>();
/** Current locale; saved under `arco-locale`. */
export const $locale = createStore<Locale>(initialLocale()).on(localeChanged, (_, locale) => locale);

const activateLocaleFx = createEffect((locale: Locale) => {
  writeStorage(STORAGE_KEYS.locale, locale);
  i18n.activate(locale);
  document.documentElement.lang = locale;
});
sample({ clock: $locale.updates, target: activateLocaleFx });

/** Translates an id outside React (labels built at module level are ids, translated at render). */
export function translate(id: string, values?: Record<string, unknown>): string {
  return i18n._(id, values);
}
