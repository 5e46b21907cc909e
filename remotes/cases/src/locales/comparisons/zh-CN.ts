import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the cases remote's comparisons screens; every id is also in the other language's file. */
export const zhCN: Catalog = {};
