import { beforeAll, describe, expect, it } from 'vitest';
import type { Robot } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

const POLICY = [
  '# 售后说明',
  '',
  '我们的退货政策是：收到商品七天内可以无理由退货，退款在三个工作日内原路退回。',
  '',
  'Shipping: orders leave our warehouse within 24 hours and arrive in two to four days.',
].join('\n');

describe('a robot answers from an uploaded document, with its source', () => {
  it('create dataset → upload → parsed → search test → bind to a robot → ask in the share chat → cited answer', async () => {
    const dataset = await api.createDataset('After-sales handbook');
    const page = await session.page();
    await loginThroughForm(page, session.admin.username, session.admin.password);

    // Upload a Markdown document through the upload page and wait until it is parsed.
    await page.goto(`/dataset/${dataset.id}/uploadFile`);
    await page
      .getByLabel('Choose files to upload')
      .setInputFiles({ name: 'after-sales.md', mimeType: 'text/markdown', buffer: Buffer.from(POLICY) });
    const uploaded = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/v1/datasets/${dataset.id}/files`,
    );
    await page.getByRole('button', { name: /Upload 1 file/ }).click();
    expect((await uploaded).status()).toBe(200);
    await page.goto(`/dataset/${dataset.id}/detail`);
    await page
      .getByRole('row', { name: /after-sales\.md/ })
      .getByText('Done')
      .waitFor({ timeout: 60000 });

    // The search test finds the passage for a Chinese query that is not written as in the text.
    await page.getByRole('tab', { name: 'Search test' }).click();
    await page.getByLabel('Search query').fill('退货政策');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByText(/收到商品七天内可以无理由退货/)
      .first()
      .waitFor();

    // A robot bound to the dataset, its share on.
    const robot = await api.call<Robot>('POST', '/v1/processes', { name: 'After-sales robot' });
    await api.call('PUT', `/v1/processes/${robot.processId}/basic`, {
      datasetIds: [dataset.id],
      librarySearch: true,
      fallbackReply: 'Sorry, I do not know.',
    });
    const share = await api.enableShare(robot.processId);

    // A visitor asks; the answer quotes the document and names it as its source.
    const visitor = await session.page({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/chat/${share.shareId}`);
    await visitor.getByRole('textbox', { name: 'Message' }).fill('你们的退货政策是什么？');
    await visitor.getByRole('button', { name: 'Send' }).click();
    await visitor
      .getByText(/七天内可以无理由退货/)
      .first()
      .waitFor();
    const source = visitor.getByRole('button', { name: /^Source 1: after-sales\.md/ });
    await source.click();
    await visitor.getByText('after-sales.md').first().waitFor();
    expect(await visitor.getByText('Sorry, I do not know.').count()).toBe(0);
  });
});
