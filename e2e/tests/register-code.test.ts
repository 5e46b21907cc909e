import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MyReferralResponse } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { useBrowser } from '../support/session';
import { codeSentTo } from '../support/sms-outbox';

const session = useBrowser();
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'password-1234';

describe('registering with a phone code', () => {
  it('at 390 px: the invitation needs a code, the newcomer sends one, types it from the outbox and lands in the console', async () => {
    const owner = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
    // A tenant of its own whose programme requires a phone code: no other test sees it.
    const tag = randomBytes(3).toString('hex');
    const adminName = `rc${tag}-admin`;
    await owner.call('POST', '/v1/tenants', {
      name: `Code Shop ${tag}`,
      adminUsername: adminName,
      adminPassword: PASSWORD,
    });
    const admin = await Api.login(session.baseUrl, adminName, PASSWORD);
    await admin.call('PUT', '/v1/referrals/settings', {
      enabled: true,
      referrerReward: 0,
      refereeReward: 0,
      newUserRole: 'operator',
      requirePhoneCode: true,
    });
    const { linkPath } = await admin.call<MyReferralResponse>('GET', '/v1/referrals/me');
    const phone = `136${String(Date.now()).slice(-8)}`;

    const page = await session.page({ viewport: PHONE });
    await page.goto(linkPath);
    await page.getByText(`You are invited to join Code Shop ${tag}.`).waitFor();
    const codeInput = page.getByRole('textbox', { name: 'SMS code' });
    await codeInput.waitFor();
    await page.getByLabel('Username', { exact: true }).fill(`rc${tag}-new`);
    await page.getByLabel('Name', { exact: true }).fill('Code Newcomer');
    await page.getByLabel('Phone', { exact: true }).fill(phone);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();

    // Registration codes belong to no tenant: the platform owner reads them in the outbox.
    await codeInput.fill(await codeSentTo(owner, phone));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/robot');
    await page.getByRole('heading', { name: 'Robots' }).first().waitFor();
    const newcomer = await Api.login(session.baseUrl, `rc${tag}-new`, PASSWORD);
    expect(newcomer.user.tenantId).toBe(admin.user.tenantId);
    expect(await page.evaluate(() => localStorage.getItem('userId'))).toBe(newcomer.user.id);
  });
});
