import type { Catalogs } from '@flotilla/shared';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

/** The shell's catalogs, merged into the shared Lingui instance at start. */
export const shellCatalogs: Catalogs = { 'zh-CN': zhCN, 'en-US': enUS };
