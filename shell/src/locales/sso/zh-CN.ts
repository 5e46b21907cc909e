import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the login page's single sign-on buttons; every id is also in en-US. */
export const zhCN: Catalog = {
  'shell.sso.options': '其他登录方式',
  'shell.sso.signInWith': '使用 {name} 登录',
  'shell.sso.failed': '单点登录失败：{reason}',
};
