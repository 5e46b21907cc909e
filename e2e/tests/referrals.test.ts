import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@flotilla/shared/contracts';
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

describe('the referral programme', () => {
  it('an operator copies their link; a visitor on a phone registers with it and lands in the console; the operator sees the invitee and the reward', async () => {
    // A tenant of its own: its programme touches no other test.
    const tag = randomBytes(3).toString('hex');
    const adminName = `rf${tag}-admin`;
    await owner.call('POST', '/v1/tenants', { name: `Shop ${tag}`, adminUsername: adminName, adminPassword: PASSWORD });
    const admin = await Api.login(session.baseUrl, adminName, PASSWORD);
    await admin.call('PUT', '/v1/referrals/settings', {
      enabled: true,
      referrerReward: 25,
      refereeReward: 10,
      newUserRole: 'operator',
    });
    const operator: User = await admin.createUser(`rf${tag}-op`, 'operator', PASSWORD);

    // The operator copies their link from the distribution centre.
    const operatorContext = await session.context();
    await operatorContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseUrl });
    const operatorPage = await operatorContext.newPage();
    await loginThroughForm(operatorPage, operator.username, PASSWORD);
    await operatorPage.goto('/distribution-center');
    await operatorPage.getByTestId('referral-qr').waitFor();
    await operatorPage.getByTestId('referral-copy').click();
    await operatorPage.getByText('Link copied').waitFor();
    const link = await operatorPage.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${session.baseUrl}/register\\?ref=[A-Z0-9]{8}$`));
    expect(await operatorPage.getByTestId('referral-link').inputValue()).toBe(link);

    // A visitor on a phone opens it: the code is filled in and the reward is said.
    const visitor = await session.page({ viewport: PHONE });
    await visitor.goto(link);
    await visitor.getByText(`You are invited to join Shop ${tag}. You get 10 credits when you register.`).waitFor();
    expect(await visitor.getByLabel('Invitation code').inputValue()).toBe(new URL(link).searchParams.get('ref'));
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await visitor.getByLabel('Username', { exact: true }).fill(`rf${tag}-new`);
    await visitor.getByLabel('Name', { exact: true }).fill('New Friend');
    await visitor.getByLabel('Phone').fill('139 0000 1234');
    await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Register' }).click();
    await visitor.waitForURL((url) => url.pathname === '/robot');
    // The console, logged in as the new user: their own balance holds the reward.
    const newcomer = await Api.login(session.baseUrl, `rf${tag}-new`, PASSWORD);
    expect(newcomer.user.tenantId).toBe(admin.user.tenantId);
    const credits = await admin.call<{ balance: number }>('GET', `/v1/users/${newcomer.user.id}/credits`);
    expect(credits.balance).toBe(10);
    await visitor.getByRole('heading', { name: 'Robots' }).first().waitFor();
    expect(await visitor.evaluate(() => localStorage.getItem('userId'))).toBe(newcomer.user.id);

    // The operator's page shows the invitee and the reward.
    await operatorPage.reload();
    await operatorPage.getByTestId('invitees').getByText('New Friend').waitFor();
    await expect.poll(() => operatorPage.getByTestId('my-rewards').textContent()).toBe('25');
    await operatorPage.getByTestId('invitees').getByText('139****1234').waitFor();
  });
});
