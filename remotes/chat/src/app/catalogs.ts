import type { Catalogs } from '@flotilla/shared';
import enUS from '../locales/en-US';
import zhCN from '../locales/zh-CN';

/** The chat remote's messages in both languages. */
export const chatCatalogs: Catalogs = { 'zh-CN': zhCN, 'en-US': enUS };
