import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the cases remote's files screens; every id is also in the other language's file. */
export const zhCN: Catalog = {};
