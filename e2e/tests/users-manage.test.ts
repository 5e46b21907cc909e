import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Robot, RobotListResponse, User, UserListResponse } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

describe('managing users on a phone', () => {
  it("edits a user's role, clones a robot to two users and sees the task finish", async () => {
    const tag = randomBytes(3).toString('hex');
    const create = (name: string) =>
      api.call<User>('POST', '/v1/users', {
        username: `mng${tag}.${name}`,
        nickname: `${name} ${tag}`,
        password: 'password-1',
        role: 'operator',
      });
    const [ann, bob] = [await create('ann'), await create('bob')];
    const robot = await api.call<Robot>('POST', '/v1/processes', { name: `Helper ${tag}` });

    const page = await session.page({ viewport: { width: 390, height: 844 } });
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.goto('/employee-list');
    const search = page.getByLabel('Search username, nickname or phone, then press Enter');
    await search.fill(`mng${tag}`);
    await search.press('Enter');
    await page.getByRole('row', { name: new RegExp(bob.username) }).waitFor();

    // Ann becomes an agent.
    await page.getByRole('button', { name: `Edit ${ann.username}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${ann.username}` });
    const role = edit.getByRole('combobox', { name: 'Role' });
    await role.click();
    // An option's name starts with its tick icon's label.
    await page.getByRole('option', { name: /Agent$/ }).click();
    await expect.poll(() => role.innerText()).toBe('Agent');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await api.call<UserListResponse>('GET', `/v1/users/list?keyword=${ann.username}`)).list[0])
      .toMatchObject({ id: ann.id, role: 'agent' });

    // Both get their own copy of the robot.
    for (const user of [ann, bob])
      await page
        .getByRole('row', { name: new RegExp(user.username) })
        .locator('.semi-checkbox')
        .click();
    await page.getByText('2 users selected').waitFor();
    await page.getByRole('button', { name: 'Clone robots to these users' }).click();
    const clone = page.getByRole('dialog', { name: 'Clone robots to 2 users' });
    await clone.getByRole('combobox', { name: 'Robots' }).click();
    await page.getByRole('option', { name: new RegExp(`${robot.name}$`) }).click();
    // The multiple picker stays open for more picks: a tap beside it closes it, as on a phone.
    await clone.getByText(/Each user gets their own copy/).click();
    await clone.getByRole('button', { name: 'Clone' }).click();
    await clone.getByText('Task queued: 1 robot for 2 users').waitFor();
    await clone.getByRole('link', { name: 'Follow it in the task list' }).click();

    await page.waitForURL('**/task-list');
    const row = page.getByRole('row', { name: new RegExp(`${robot.name} × 2`) });
    await row.getByText('Done').waitFor({ timeout: 20_000 });
    const copies = await api.call<RobotListResponse>('GET', `/v1/processes?keyword=${encodeURIComponent(robot.name)}`);
    expect(
      copies.list
        .filter((copy) => copy.processId !== robot.processId)
        .map((copy) => [copy.name, copy.adminId])
        .sort(),
    ).toEqual(
      [
        [`${robot.name} (${ann.nickname})`, ann.id],
        [`${robot.name} (${bob.nickname})`, bob.id],
      ].sort(),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
