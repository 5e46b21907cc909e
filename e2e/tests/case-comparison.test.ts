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

const PAIRS = [
  { question: 'How long is the zorbl warranty?', answer: 'The zorbl warranty lasts two years.' },
  { question: 'Which colours does the kwimp come in?', answer: 'The kwimp comes in teal and amber.' },
];
const FALLBACK = 'Sorry, I cannot help with that.';

/** A robot answering from `pairs` as QA pairs (none: it always falls back). */
async function robotWith(name: string, pairs: typeof PAIRS): Promise<Robot> {
  const robot = await api.createRobot(name);
  const datasetIds: string[] = [];
  if (pairs.length > 0) {
    const dataset = await api.createDataset(`${name} pairs`);
    await api.call('POST', `/v1/datasets/${dataset.id}/qa`, { pairs });
    datasetIds.push(dataset.id);
  }
  await api.call('PUT', `/v1/processes/${robot.processId}/basic`, {
    model: 'builtin',
    datasetIds,
    librarySearch: true,
    fallbackReply: FALLBACK,
  });
  return robot;
}

describe('a comparison of two robots in the console', () => {
  it('new comparison → pasted questions → runs → side-by-side answers with scores and better marks', async () => {
    await robotWith('Comparison expert', PAIRS);
    await robotWith('Comparison novice', []);
    const page = await session.page({ viewport: { width: 390, height: 844 } });
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.goto('/case/comparison');

    await page.getByRole('button', { name: 'New comparison' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Robot' }).click();
    await page.getByRole('option', { name: /Comparison expert$/ }).click();
    await dialog.getByRole('combobox', { name: 'Compare with' }).click();
    await page.getByRole('option', { name: /Comparison novice$/ }).click();
    await dialog
      .getByRole('textbox', { name: 'Questions' })
      .fill(PAIRS.map((pair) => `${pair.question} | ${pair.answer}`).join('\n'));
    await dialog.getByText('2 questions').waitFor();
    await page.getByRole('button', { name: 'Start', exact: true }).click();

    // The new comparison opens, and reads again until it is done.
    await page.waitForURL(/\/case\/comparison\?id=/);
    await page.getByText('Done', { exact: true }).first().waitFor({ timeout: 60_000 });
    const first = page.getByRole('article', { name: 'Question 1' });
    await first.getByText(PAIRS[0]!.question).waitFor();
    const expert = first.getByRole('region', { name: 'Comparison expert' });
    const novice = first.getByRole('region', { name: 'Comparison novice' });
    await expert.getByText(/The zorbl warranty lasts two years\./).waitFor();
    await expert.getByText('Better').waitFor();
    expect(await expert.getByLabel('Score: 100%').count()).toBe(1);
    await novice.getByText(FALLBACK).waitFor();
    await novice.getByText('Worse').waitFor();
    expect(await novice.getByLabel('Score: 0%').count()).toBe(1);
    // Aggregates: the expert answered both, the novice neither.
    expect(await page.getByLabel('Comparison expert: 100%').count()).toBe(1);
    expect(await page.getByLabel('Comparison novice: 0%').count()).toBe(1);
    await page.getByText('2 of 2').waitFor();
    // Usable on a phone: nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Back in the list, the comparison shows both scores.
    await page.getByRole('button', { name: 'Comparisons' }).click();
    const row = page.getByRole('row', { name: /Comparison expert/ });
    await row.getByText('100%', { exact: true }).waitFor();
    await row.getByText('0%', { exact: true }).waitFor();
  });
});
