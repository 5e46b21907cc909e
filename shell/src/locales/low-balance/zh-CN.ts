import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the shell's low-balance parts; every id is also in the other language's file. */
export const zhCN: Catalog = {
  'shell.lowBalance.label': '余额不足',
  'shell.lowBalance.tip': '你的余额 {balance} 额度已低于 {threshold}，请及时充值，以免机器人无法回答。',
};
