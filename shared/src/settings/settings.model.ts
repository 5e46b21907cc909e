import { createEffect, createEvent, createStore, sample } from 'effector';
import { DEFAULT_THEME_COLOR } from '../contracts';
import { readStoredJson, STORAGE_KEYS, writeStorage } from '../storage';

export type Theme = 'light' | 'dark';
export type Device = 'desktop' | 'mobile';

/** The console's layout settings, changed in the settings drawer (docs/product-rules.md, Settings drawer). */
export type Settings = {
  theme: Theme;
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  tabBar: boolean;
  menuFromServer: boolean;
  device: Device;
};

/** Light theme, colour-weak off, navbar/menu/footer shown, the default theme colour, menu width 220, no tab bar, local menu, desktop. */
export const DEFAULT_SETTINGS: Settings = {
  theme: 'light',
  colorWeak: false,
  navbar: true,
  menu: true,
  topMenu: false,
  footer: true,
  themeColor: DEFAULT_THEME_COLOR,
  menuWidth: 220,
  tabBar: false,
  menuFromServer: false,
  device: 'desktop',
};

/** `device` follows the window, so it is not persisted. */
type PersistedSettings = Omit<Settings, 'device'>;

function initialSettings(): Settings {
  const stored = readStoredJson<Partial<PersistedSettings>>(STORAGE_KEYS.settings, {});
  const known = Object.fromEntries(
    Object.entries(stored).filter(
      ([key, value]) =>
        key in DEFAULT_SETTINGS && key !== 'device' && typeof value === typeof DEFAULT_SETTINGS[key as keyof Settings],
    ),
  );
  return { ...DEFAULT_SETTINGS, ...known };
}

/** Some settings changed (a drawer toggle, the theme switch, the window size). */
export const settingsChanged = createEvent<Partial<Settings>>();
/** Back to {@link DEFAULT_SETTINGS}. */
export const settingsReset = createEvent<void>();

export const $settings = createStore<Settings>(initialSettings())
  .on(settingsChanged, (current, patch) => ({ ...current, ...patch }))
  .on(settingsReset, () => ({ ...DEFAULT_SETTINGS }));

const persistSettingsFx = createEffect(({ device: _device, ...persisted }: Settings) =>
  writeStorage(STORAGE_KEYS.settings, JSON.stringify(persisted)),
);
sample({ clock: $settings.updates, target: persistSettingsFx });
