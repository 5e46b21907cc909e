import type { Catalog } from '@flotilla/shared';

/** en-US messages of the users remote's referrals screens; every id is also in the other language's file. */
export const enUS: Catalog = {
  'users.referrals.title': 'Distribution centre',
};
