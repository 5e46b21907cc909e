import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../storage';

async function freshModel() {
  vi.resetModules();
  return import('../settings.model');
}

describe('settings', () => {
  it('starts from the product defaults (light, #165DFF, menu width 220, no tab bar)', async () => {
    localStorage.clear();
    const { $settings } = await freshModel();
    expect($settings.getState()).toEqual({
      theme: 'light',
      colorWeak: false,
      navbar: true,
      menu: true,
      topMenu: false,
      footer: true,
      themeColor: '#165DFF',
      menuWidth: 220,
      tabBar: false,
      menuFromServer: false,
      device: 'desktop',
    });
  });

  it('persists changes, and a reload reads them back (device excepted)', async () => {
    localStorage.clear();
    const first = await freshModel();
    first.settingsChanged({ tabBar: true, menuWidth: 260, device: 'mobile' });
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.settings)!);
    expect(stored).toMatchObject({ tabBar: true, menuWidth: 260 });
    expect(stored).not.toHaveProperty('device');
    const second = await freshModel();
    expect(second.$settings.getState()).toMatchObject({ tabBar: true, menuWidth: 260, device: 'desktop' });
  });

  it('ignores corrupt or foreign stored values', async () => {
    localStorage.setItem(STORAGE_KEYS.settings, JSON.stringify({ menuWidth: 'wide', evil: 1, theme: 'dark' }));
    const { $settings } = await freshModel();
    expect($settings.getState()).toMatchObject({ menuWidth: 220, theme: 'dark' });
    expect($settings.getState()).not.toHaveProperty('evil');
    localStorage.setItem(STORAGE_KEYS.settings, '{not json');
    expect((await freshModel()).$settings.getState().menuWidth).toBe(220);
  });
});
