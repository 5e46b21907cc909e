import { describe, expect, it } from 'vitest';
import type { User } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { useBrowser } from '../support/session';
import { logInWithCode } from '../support/sms-outbox';

const session = useBrowser();

describe('logging in with an SMS code', () => {
  it('at 390 px: send a code, read it from the outbox as the admin, type it, land in the console', async () => {
    const admin = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
    // A phone no other test uses: a phone shared by two accounts cannot log in by code.
    const phone = `139${String(Date.now()).slice(-8)}`;
    const user = await admin.call<User>('POST', '/v1/users', {
      username: `sms-${phone}`,
      nickname: 'Code Visitor',
      phone,
      password: 'not-used-here-1',
      role: 'operator',
    });

    const page = await session.page({ viewport: { width: 390, height: 844 } });
    await page.goto('/login');
    await page.getByRole('tab', { name: 'With a code' }).click();
    await logInWithCode(page, admin, phone);
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(user.id);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });
});
