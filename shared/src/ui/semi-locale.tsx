import { LocaleProvider } from './semi';
import zhCN from '@douyinfe/semi-ui/lib/es/locale/source/zh_CN';
import enUS from '@douyinfe/semi-ui/lib/es/locale/source/en_US';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { $locale } from '../i18n';

/** Gives Semi's own texts (pagination, pickers, empty states) the console's locale. */
export function SemiLocale({ children }: { children: ReactNode }) {
  const locale = useUnit($locale);
  return <LocaleProvider locale={locale === 'zh-CN' ? zhCN : enUS}>{children}</LocaleProvider>;
}
