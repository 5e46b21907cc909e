import type { Catalog } from '@flotilla/shared';

/** zh-CN messages of the shell's low-balance parts; every id is also in the other language's file. */
export const zhCN: Catalog = {};
