import { createEffect, createEvent, createStore, sample } from 'effector';
import { $settings, type Settings } from '@flotilla/shared';
import { showNoticeFx } from '../notices/notices.model';
import type { Notice } from '../notices/notice';
import { themeColorVariables } from './theme-color';

/** The console started: apply the saved theme and colour-weak mode. */
export const settingsApplyStarted = createEvent<void>();
export const settingsDrawerOpened = createEvent<void>();
export const settingsDrawerClosed = createEvent<void>();
export const copySettingsClicked = createEvent<void>();

export const $settingsDrawerOpen = createStore(false)
  .on(settingsDrawerOpened, () => true)
  .on(settingsDrawerClosed, () => false);

/** The CSS filter of colour-weak mode: inverts colours at 80 %. */
export function colorWeakFilter(colorWeak: boolean): string {
  return colorWeak ? 'invert(80%)' : '';
}

/**
 * Semi reads `theme-mode` on body; body itself is painted by global.css with Semi's variables. The theme
 * colour replaces Semi's primary and link colours on body, so every component follows it.
 */
export const applySettingsFx = createEffect(({ theme, colorWeak, themeColor }: Settings) => {
  const { body } = document;
  if (theme === 'dark') body.setAttribute('theme-mode', 'dark');
  else body.removeAttribute('theme-mode');
  body.style.filter = colorWeakFilter(colorWeak);
  for (const [name, value] of Object.entries(themeColorVariables(themeColor, theme) ?? {}))
    body.style.setProperty(name, value);
});

/** Copies the settings as JSON (the drawer's "copy settings"). */
export const copySettingsFx = createEffect(async (settings: Settings) => {
  await navigator.clipboard.writeText(JSON.stringify(settings, null, 2));
});

sample({ clock: [settingsApplyStarted, $settings.updates], source: $settings, target: applySettingsFx });
sample({ clock: copySettingsClicked, source: $settings, target: copySettingsFx });
sample({
  clock: copySettingsFx.done,
  fn: (): Notice => ({ type: 'success', titleId: 'shell.settings.copied' }),
  target: showNoticeFx,
});
sample({
  clock: copySettingsFx.failData,
  fn: (error): Notice => ({ type: 'error', titleId: 'shell.settings.copyFailed', content: error.message }),
  target: showNoticeFx,
});
