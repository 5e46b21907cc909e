import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseListResponse, DatabaseTableList } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

const CSV = 'sku,price,note\nA-1,35,desk lamp\nA-2,about 12,chair\n';

describe('the database pages on a phone', () => {
  it('create a built-in database → import a csv (a row refused, then fixed types) → describe the table → rows', async () => {
    const page = await session.page({ viewport: { width: 390, height: 844 } });
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.goto('/database');
    await page.getByRole('button', { name: 'New database' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Phone price list');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('link', { name: 'Phone price list' }).click();
    const database = (await api.call<DatabaseListResponse>('GET', '/v1/databases?keyword=Phone%20price%20list'))
      .list[0]!;

    // The preview infers price as a number; the second row does not fit, so nothing is imported.
    await page.getByRole('tab', { name: 'Import' }).click();
    await page
      .getByLabel('Choose a csv or xlsx file')
      .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('3 columns, 2 rows').waitFor();
    await page.getByRole('combobox', { name: 'Type of price' }).click();
    await page.getByRole('option', { name: 'Integer' }).click();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText(/problems? in the file: nothing was imported/).waitFor();
    await page
      .getByRole('list', { name: 'Rows that did not fit' })
      .getByText(/^Row 3/)
      .waitFor();
    await page.getByRole('list', { name: 'Rows that did not fit' }).getByText('price', { exact: true }).waitFor();

    // As text every row fits.
    await page.getByRole('combobox', { name: 'Type of price' }).click();
    await page.getByRole('option', { name: 'Text' }).click();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Imported 2 rows into “prices”.').waitFor();

    await page.getByRole('tab', { name: 'Tables' }).click();
    await page.getByLabel('Table description').fill('Prices of the shop');
    await page.getByRole('switch', { name: 'Key: sku' }).waitFor();
    await page.getByLabel('Description of note').fill('What the product is');
    await page.getByRole('button', { name: 'Save table' }).click();
    await expect
      .poll(async () => (await api.call<DatabaseTableList>('GET', `/v1/databases/${database.id}/tables`))[0])
      .toMatchObject({ name: 'prices', description: 'Prices of the shop' });

    await page.getByRole('tab', { name: 'Rows' }).click();
    await page.getByRole('gridcell', { name: 'about 12' }).waitFor();
    await page.getByText('2 rows').waitFor();
    // Nothing wider than the phone but the tables' own scrollers.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
