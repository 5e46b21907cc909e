import type { Catalogs } from '@flotilla/shared';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

/** This remote's messages, merged into the shared Lingui instance when `./App` loads. */
export const catalogs: Catalogs = { 'zh-CN': zhCN, 'en-US': enUS };
