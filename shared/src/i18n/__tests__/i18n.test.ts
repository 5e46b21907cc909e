import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../storage';

async function freshI18n() {
  vi.resetModules();
  return import('../i18n');
}

describe('i18n', () => {
  it('defaults to zh-CN and translates with placeholders', async () => {
    localStorage.clear();
    const { loadCatalogs, translate, $locale } = await freshI18n();
    loadCatalogs({ 'zh-CN': { 'x.hello': '你好，{name}' }, 'en-US': { 'x.hello': 'Hello, {name}' } });
    expect($locale.getState()).toBe('zh-CN');
    expect(translate('x.hello', { name: 'Amy' })).toBe('你好，Amy');
  });

  it('switching language is saved under arco-locale and applied', async () => {
    localStorage.clear();
    const { loadCatalogs, translate, localeChanged } = await freshI18n();
    loadCatalogs({ 'zh-CN': { 'x.bye': '再见' }, 'en-US': { 'x.bye': 'Bye' } });
    localeChanged('en-US');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en-US');
    expect(translate('x.bye')).toBe('Bye');
    const again = await freshI18n();
    expect(again.$locale.getState()).toBe('en-US');
  });

  it('falls back to en-US for an id missing in zh-CN', async () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'zh-CN');
    const { loadCatalogs, translate } = await freshI18n();
    loadCatalogs({ 'zh-CN': {}, 'en-US': { 'x.only': 'Only English' } });
    expect(translate('x.only')).toBe('Only English');
  });

  it('ignores an unknown stored locale', async () => {
    localStorage.setItem(STORAGE_KEYS.locale, 'xx-XX');
    expect((await freshI18n()).$locale.getState()).toBe('zh-CN');
  });
});
