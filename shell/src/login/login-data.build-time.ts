// Runs during the build (shared/build/build-time-loader.mjs): the login page ships this data, its
// messages compiled, and none of the code that produced it (the shell's whole catalogs).
import type { Locale } from '@flotilla/shared/contracts';
import { shellCatalogs } from '../locales';

/** Every message the login page shows. */
const LOGIN_MESSAGE_IDS = [
  'route.login',
  'shell.product',
  'shell.footer',
  'shell.locale.label',
  'shell.locale.zh-CN',
  'shell.locale.en-US',
  'shell.login.subtitle',
  'shell.login.username',
  'shell.login.usernamePlaceholder',
  'shell.login.password',
  'shell.login.passwordPlaceholder',
  'shell.login.submit',
  'shell.login.submitting',
  'shell.login.usernameRequired',
  'shell.login.passwordRequired',
  'shell.login.networkError',
  'shell.login.badAnswer',
  'shell.login.retryIn',
  ...Object.keys(shellCatalogs['en-US'] ?? {}).filter(
    (id) => id.startsWith('shell.sms.') || id.startsWith('shell.sso.'),
  ),
];

/** The languages of the shell's catalogs. */
export const locales = Object.keys(shellCatalogs) as Locale[];

/**
 * The language before a visitor picks one. The contracts' DEFAULT_LOCALE, restated because the
 * contracts (TypeBox) cannot run in the build; a test holds the two equal.
 */
export const defaultLocale: Locale = 'zh-CN';

/** The login page's messages in each locale (compiled by the build; plain ICU messages in tests). */
export const catalogs = Object.fromEntries(
  locales.map((locale) => [locale, Object.fromEntries(LOGIN_MESSAGE_IDS.map((id) => [id, shellCatalogs[locale][id]]))]),
) as Record<Locale, Record<string, string>>;
