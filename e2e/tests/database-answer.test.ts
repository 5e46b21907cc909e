import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseListResponse, Robot } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

// The sheet is written with the server's own spreadsheet library, as an operator's Excel would save it.
const serverRequire = createRequire(new URL('../../server/package.json', import.meta.url));
type Workbook = {
  addWorksheet(name: string): { addRow(values: string[]): unknown };
  xlsx: { writeBuffer(): Promise<ArrayBuffer> };
};
const ExcelJS = serverRequire('exceljs') as { Workbook: new () => Workbook };

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

const ORDERS = [
  ['order_no', 'status', 'carrier', 'eta'],
  ['A1001', '已签收', '顺丰', '2026-11-20'],
  ['A1002', '运输中', '中通', '2026-11-28'],
  ['A1003', '待发货', '圆通', '2026-12-01'],
];

async function ordersSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('orders');
  for (const row of ORDERS) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('a robot answers from a built-in database made from a spreadsheet', () => {
  it('create database → import xlsx → bind to a robot → ask through the share link → answer → query log', async () => {
    const page = await session.page({ viewport: { width: 1400, height: 900 } });
    await loginThroughForm(page, session.admin.username, session.admin.password);

    // A built-in database, made on the list page.
    await page.goto('/database');
    await page.getByRole('button', { name: 'New database' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Order book');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect
      .poll(() => api.call<DatabaseListResponse>('GET', '/v1/databases?keyword=Order%20book'))
      .toMatchObject({
        total: 1,
      });
    const database = (await api.call<DatabaseListResponse>('GET', '/v1/databases?keyword=Order%20book')).list[0]!;

    // Its table, from an xlsx: previewed with inferred types, then imported.
    await page.goto(`/database/${database.id}/detail`);
    await page.getByRole('tab', { name: 'Import' }).click();
    await page.getByLabel('Choose a csv or xlsx file').setInputFiles({
      name: 'orders.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await ordersSheet(),
    });
    await page.getByText('运输中').first().waitFor();
    await page.getByLabel('Table name').fill('orders');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 3 rows into “orders”.').waitFor();

    // The rows are there, and order_no is a key column robots look rows up by.
    await page.getByRole('tab', { name: 'Rows' }).click();
    await page.getByText('A1002', { exact: true }).first().waitFor();
    const tables = await api.call<Array<{ name: string; columns: Array<{ name: string; key: boolean }> }>>(
      'GET',
      `/v1/databases/${database.id}/tables`,
    );
    expect(tables.find((table) => table.name === 'orders')?.columns.find((c) => c.name === 'order_no')?.key).toBe(true);

    // A robot, bound to the database in its basic config, with database search on.
    const robot = await api.call<Robot>('POST', '/v1/processes', { name: 'Order desk' });
    await page.goto(`/ai/${robot.processId}/detail`);
    await page.getByRole('tab', { name: 'Basic config' }).click();
    await page.getByText('Choose the databases the robot may query').click();
    await page.getByRole('option', { name: 'Order book' }).click();
    await page.keyboard.press('Escape');
    await page.getByLabel('Fallback reply').fill('抱歉，我不知道。');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Basic config saved').waitFor();
    await page.getByRole('switch', { name: 'Query the databases' }).click();
    await expect
      .poll(
        async () => (await api.call<{ dbSearch: boolean }>('GET', `/v1/processes/${robot.processId}/basic`)).dbSearch,
      )
      .toBe(true);
    const share = await api.enableShare(robot.processId);

    // A visitor on a phone asks about an order: the answer is the row, cited as the table.
    const visitor = await session.page({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/chat/${share.shareId}`);
    await visitor.getByRole('textbox', { name: 'Message' }).fill('订单 A1002 到哪了？');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor
      .getByText(/运输中/)
      .first()
      .waitFor();
    expect(await visitor.getByText(/中通/).count()).toBeGreaterThan(0);
    expect(await visitor.getByText('抱歉，我不知道。').count()).toBe(0);

    // The operator sees the lookup in the database's query log.
    await page.goto(`/database/${database.id}/detail`);
    await page.getByRole('tab', { name: 'Query log' }).click();
    const entry = page.getByRole('row', { name: /订单 A1002 到哪了/ });
    await entry.waitFor();
    await entry.getByText('Order desk').waitFor();
  });
});
