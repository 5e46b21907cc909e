import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the users remote's credits screens; every id is also in the other language's file. */
export const zhCN: Catalog = {
  'users.recharge.title': '充值中心',
};
