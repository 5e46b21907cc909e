import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserListResponse } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

/** What the test uses of exceljs: the server's dependency (not the e2e package's), as the server's tests use it. */
type Workbook = {
  addWorksheet(name: string): { addRow(values: unknown[]): unknown };
  xlsx: { writeBuffer(): Promise<ArrayBuffer> };
};
const ExcelJS = createRequire(new URL('../../server/package.json', import.meta.url))('exceljs') as {
  Workbook: new () => Workbook;
};

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('importing users on a phone', () => {
  it('an xlsx with 2 bad rows → the preview names exactly them → fixed → imported → in the list', async () => {
    const tag = randomBytes(3).toString('hex');
    const digits = String(parseInt(tag, 16)).padStart(8, '0');
    const phone = (n: number) => `13${digits}${n}`;
    const rows = [
      ['username', 'nickname', 'phone', 'password', 'role', 'isAgent'],
      [`imp${tag}.a`, 'Ann', phone(1), 'password-1', 'agent', 'yes'],
      [`imp${tag}.b`, 'Bob', 'not a phone', 'password-1', 'operator', 'no'],
      [`imp${tag}.c`, 'Cy', phone(3), 'password-1', 'agent', ''],
      [`imp${tag}.d`, 'Di', phone(4), 'password-1', 'boss', ''],
    ];
    const page = await session.page({ viewport: { width: 390, height: 844 } });
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.goto('/employee-list');
    await page.getByRole('button', { name: /^(\S+ )?Import$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Import users' });
    await dialog
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'team.xlsx', mimeType: 'application/octet-stream', buffer: await xlsx(rows) });
    await dialog.getByText('2 rows to fix').waitFor();
    await dialog.getByText('2 valid rows').waitFor();
    const submit = dialog.getByRole('button', { name: 'Import 2 users' });
    expect(await submit.isDisabled()).toBe(true);

    // Only the rows to fix: exactly sheet rows 3 and 5, each with its problem.
    await dialog.getByRole('switch').click();
    const shown = dialog.locator('tbody tr');
    await expect.poll(() => shown.count()).toBe(2);
    expect(await shown.nth(0).innerText()).toMatch(/^3\s+imp\w+\.b\s+not a phone\s+Not a phone number/);
    expect(await shown.nth(1).innerText()).toMatch(/^5\s+imp\w+\.d\s+\d+\s+Unknown role/);

    rows[2]![2] = phone(2);
    rows[4]![4] = 'operator';
    await dialog
      .getByLabel('Choose a file')
      .setInputFiles({ name: 'team.xlsx', mimeType: 'application/octet-stream', buffer: await xlsx(rows) });
    await dialog.getByText('0 rows to fix').waitFor();
    await dialog.getByRole('button', { name: 'Import 4 users' }).click();
    await dialog.getByText('4 users imported').waitFor();
    // Nothing wider than the phone but the table's own scroller.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The list reloaded by itself: the new users are there.
    for (const name of ['a', 'b', 'c', 'd']) await page.getByText(`imp${tag}.${name}`, { exact: true }).waitFor();
    const listed = await api.call<UserListResponse>('GET', `/v1/users/list?keyword=imp${tag}`);
    expect(listed.list.map((user) => [user.username, user.role]).sort()).toEqual([
      [`imp${tag}.a`, 'agent'],
      [`imp${tag}.b`, 'operator'],
      [`imp${tag}.c`, 'agent'],
      [`imp${tag}.d`, 'operator'],
    ]);
  });
});
