import { useUnit } from 'effector-react';
import { Switch } from '@flotilla/shared/ui/semi';
import { $settings, settingsChanged, useT, type Settings } from '@flotilla/shared';

/** The settings a switch turns on and off. */
export type Toggle = keyof Pick<
  Settings,
  'navbar' | 'menu' | 'topMenu' | 'footer' | 'tabBar' | 'menuFromServer' | 'colorWeak'
>;

/** One setting's switch, labelled with its name. */
export function ToggleRow({ name }: { name: Toggle }) {
  const t = useT();
  const value = useUnit($settings)[name];
  return (
    <div className="fl-settings__row">
      <label htmlFor={`fl-setting-${name}`}>{t(`shell.settings.${name}`)}</label>
      <Switch
        id={`fl-setting-${name}`}
        checked={value}
        onChange={(checked) => settingsChanged({ [name]: checked })}
        data-testid={`setting-${name}`}
      />
    </div>
  );
}
