import { describe, expect, it } from 'vitest';
import { ROUTES } from '@flotilla/shared/contracts';
import { enUS } from '../en-US';
import { zhCN } from '../zh-CN';

describe('shell catalogs', () => {
  it('have exactly the same ids in both languages', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(enUS).sort());
  });

  it('have a title for every route in both languages', () => {
    for (const { titleId } of ROUTES) {
      expect(zhCN[titleId], titleId).toBeTruthy();
      expect(enUS[titleId], titleId).toBeTruthy();
    }
  });

  it('have no empty message', () => {
    for (const [id, text] of [...Object.entries(zhCN), ...Object.entries(enUS)]) expect(text.trim(), id).not.toBe('');
  });

  it('carry the product title and the exact messages of the product', () => {
    expect(zhCN['shell.product']).toBe('Flotilla 智能机器人平台');
    expect(enUS['shell.product']).toBe('Flotilla');
    expect(enUS['shell.login.usernameRequired']).toBe('username cannot be empty');
    expect(enUS['shell.login.passwordRequired']).toBe('password cannot be empty');
    expect(enUS['shell.forcedLogout.content']).toBe('Your access has expired, please log in again');
    expect(enUS['shell.version.content']).toBe('New version found, please refresh the page');
  });
});
