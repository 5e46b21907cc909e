import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the users remote's referrals screens; every id is also in the other language's file. */
export const zhCN: Catalog = {
  'users.referrals.title': '分销中心',
};
