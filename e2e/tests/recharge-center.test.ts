import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreditsResponse, User } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'password-1234';
let owner: Api;

beforeAll(async () => {
  owner = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

/** Nothing wider than the phone but the tables' own scrollers. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the recharge centre on a phone', () => {
  it('an admin adds a package, sets the threshold and recharges a user; the user sees the warning go and come back', async () => {
    // A tenant of its own: its threshold and packages touch no other test.
    const tag = randomBytes(3).toString('hex');
    const adminName = `rc${tag}-admin`;
    await owner.call('POST', '/v1/tenants', { name: `rc${tag}`, adminUsername: adminName, adminPassword: PASSWORD });
    const admin = await Api.login(session.baseUrl, adminName, PASSWORD);
    const user: User = await admin.createUser(`rc${tag}-user`, 'operator', PASSWORD);

    const adminPage = await session.page({ viewport: PHONE });
    await loginThroughForm(adminPage, adminName, PASSWORD);
    await adminPage.goto('/dashboard/recharge-center');

    // A package: 199.00 buys 2500 credits.
    await adminPage.getByTestId('package-add').click();
    const packageDialog = adminPage.getByRole('dialog', { name: 'New package' });
    await packageDialog.getByLabel('Name').fill('Gold');
    await packageDialog.getByLabel('Price').fill('199');
    await packageDialog.getByLabel('Credits').fill('2500');
    await packageDialog.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByTestId('packages').getByText('Gold').waitFor();

    // Warn below 100 credits.
    await adminPage.getByLabel('Low-balance warning').fill('100');
    await adminPage.getByTestId('threshold-save').click();
    await expect
      .poll(
        async () =>
          (await admin.call<{ lowBalanceThreshold: number }>('GET', '/v1/credits/settings')).lowBalanceThreshold,
      )
      .toBe(100);

    // The user, with no credits, logs in and is warned.
    const userPage = await session.page({ viewport: PHONE });
    await loginThroughForm(userPage, user.username, PASSWORD);
    await userPage.getByTestId('low-balance').waitFor();

    // The admin recharges the user with the package; the user's ledger row appears on the admin's page.
    await adminPage.getByTestId('recharge-open').click();
    const rechargeDialog = adminPage.getByRole('dialog', { name: 'Recharge a user' });
    await rechargeDialog.getByRole('combobox', { name: 'User' }).click();
    await adminPage.getByRole('option', { name: new RegExp(`${user.username}$`) }).click();
    await rechargeDialog.getByRole('combobox', { name: 'Package' }).waitFor();
    await rechargeDialog.getByLabel('Remark (optional)').fill('invoice 7');
    await rechargeDialog.getByRole('button', { name: 'Recharge' }).click();
    await adminPage.getByTestId('ledger').getByText('[Gold · 199.00] invoice 7').waitFor();
    expect(await adminPage.getByTestId('balance').innerText()).toBe('2,500');
    const statement = await admin.call<CreditsResponse>('GET', `/v1/users/${user.id}/credits`);
    expect(statement.ledger.map((row) => [row.kind, row.amount, row.balanceAfter])).toEqual([['recharge', 2500, 2500]]);
    expect(await pageWidth(adminPage)).toBeLessThanOrEqual(PHONE.width);

    // Back on the user's page: above the threshold, no warning; their own ledger shows the recharge.
    await userPage.goto('/dashboard/recharge-center');
    await userPage.getByTestId('ledger').getByText('[Gold · 199.00] invoice 7').waitFor();
    await userPage.getByTestId('low-balance').waitFor({ state: 'detached' });
    expect(await userPage.getByTestId('recharge-open').count()).toBe(0);
    expect(await pageWidth(userPage)).toBeLessThanOrEqual(PHONE.width);

    // The admin raises the threshold above the balance: the warning is back when the user's page comes back.
    await admin.call('PUT', '/v1/credits/settings', { lowBalanceThreshold: 3000 });
    await userPage.reload();
    await userPage.getByTestId('low-balance').click();
    await userPage.waitForURL((url) => url.pathname === '/dashboard/recharge-center');
  });
});
