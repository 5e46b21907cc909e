import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it } from 'vitest';
import { $settings, DEFAULT_SETTINGS } from '@flotilla/shared';
import { settingsApplyStarted } from '../settings.model';
import { themeColorVariables } from '../theme-color';

afterEach(() => {
  document.body.removeAttribute('style');
  document.body.removeAttribute('theme-mode');
});

describe('the console theme colour', () => {
  it("paints Semi's primary colour with the default #165DFF, darker on hover, and tints from it", async () => {
    const scope = fork({ values: [[$settings, DEFAULT_SETTINGS]] });
    await allSettled(settingsApplyStarted, { scope });
    const style = document.body.style;
    expect(style.getPropertyValue('--semi-color-primary')).toBe('rgb(22, 93, 255)');
    expect(style.getPropertyValue('--semi-color-link')).toBe('rgb(22, 93, 255)');
    expect(style.getPropertyValue('--semi-color-primary-hover')).toBe('rgb(19, 82, 224)');
    expect(style.getPropertyValue('--semi-color-primary-light-default')).toBe('rgba(22, 93, 255, 0.1)');
  });

  it('follows a changed colour and lightens it in the dark theme', async () => {
    const scope = fork({ values: [[$settings, { ...DEFAULT_SETTINGS, theme: 'dark', themeColor: '#00B42A' }]] });
    await allSettled(settingsApplyStarted, { scope });
    expect(document.body.getAttribute('theme-mode')).toBe('dark');
    expect(document.body.style.getPropertyValue('--semi-color-primary')).toBe('rgb(38, 191, 74)');
  });

  it("leaves Semi's defaults alone for a damaged stored colour", () => {
    expect(themeColorVariables('blue', 'light')).toBeUndefined();
    expect(themeColorVariables('#12345', 'light')).toBeUndefined();
    expect(themeColorVariables('#16f', 'light')?.['--semi-color-primary']).toBe('rgb(17, 102, 255)');
    expect(themeColorVariables('#165dff', 'light')?.['--semi-color-primary']).toBe('rgb(22, 93, 255)');
  });
});
