// Runs during the build (shared/build/build-time-loader.mjs): the register page ships this data, its
// messages compiled, and none of the code that produced it (the shell's whole catalogs).
import type { Locale } from '@flotilla/shared/contracts';
import { shellCatalogs } from '../locales';

/** Every message the register page shows. */
const REGISTER_MESSAGE_IDS = [
  'route.register',
  'shell.product',
  'shell.footer',
  'shell.locale.label',
  'shell.locale.zh-CN',
  'shell.locale.en-US',
  'shell.login.networkError',
  'shell.login.badAnswer',
  // The phone's code row: the login's "Send code" button and code rules.
  'shell.sms.codePlaceholder',
  'shell.sms.send',
  'shell.sms.sending',
  'shell.sms.resendIn',
  'shell.sms.sent',
  'shell.sms.retryIn',
  'shell.sms.phoneInvalid',
  'shell.sms.codeInvalid',
  ...Object.keys(shellCatalogs['en-US'] ?? {}).filter((id) => id.startsWith('shell.register.')),
];

/** The register page's messages in each locale (compiled by the build; plain ICU messages in tests). */
export const catalogs = Object.fromEntries(
  Object.keys(shellCatalogs).map((locale) => [
    locale,
    Object.fromEntries(REGISTER_MESSAGE_IDS.map((id) => [id, shellCatalogs[locale as Locale][id]])),
  ]),
) as Record<Locale, Record<string, string>>;
