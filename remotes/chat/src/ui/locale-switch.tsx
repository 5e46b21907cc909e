import { $locale, localeChanged, useT, type Locale } from '@flotilla/shared';
import { useUnit } from 'effector-react';

const OPTIONS: ReadonlyArray<{ locale: Locale; labelId: string; nameId: string }> = [
  { locale: 'zh-CN', labelId: 'chat.locale.zh', nameId: 'chat.locale.zhName' },
  { locale: 'en-US', labelId: 'chat.locale.en', nameId: 'chat.locale.enName' },
];

/** The zh / EN switch of the standalone chat page (the console has its own). Saved under `arco-locale`. */
export function LocaleSwitch() {
  const t = useT();
  const [locale, changed] = useUnit([$locale, localeChanged]);
  return (
    <div className="flc-locale" role="group" aria-label={t('chat.locale.label')}>
      {OPTIONS.map((option) => (
        <button
          key={option.locale}
          type="button"
          className="flc-locale__option"
          aria-pressed={locale === option.locale}
          aria-label={t(option.nameId)}
          lang={option.locale}
          onClick={() => changed(option.locale)}
        >
          {t(option.labelId)}
        </button>
      ))}
    </div>
  );
}
