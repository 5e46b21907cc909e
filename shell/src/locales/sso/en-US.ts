import type { Catalog } from '@flotilla/shared';

/** en-US messages of the login page's single sign-on buttons; every id is also in zh-CN. */
export const enUS: Catalog = {
  'shell.sso.options': 'Other ways to log in',
  'shell.sso.signInWith': 'Sign in with {name}',
  'shell.sso.failed': 'Single sign-on failed: {reason}',
};
