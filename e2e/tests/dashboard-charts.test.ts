import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
  // A few real answers through a share link: the built-in model answers them with the fallback reply.
  const robot = await api.createRobot('Charted robot');
  const share = await api.enableShare(robot.processId);
  const visitorId = randomUUID();
  for (const question of ['Where is my parcel?', 'Can I pay later?', 'Do you ship abroad?']) {
    const res = await fetch(`${session.baseUrl}/v2/qa`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shareId: share.shareId, visitorId, question }),
    });
    const events = await res.text();
    if (!events.includes('"type":"done"')) throw new Error(`no answer: ${res.status} ${events}`);
  }
});

/** What a chart's canvas holds (run in the page): its pixel and CSS widths, its painted pixels, a digest. */
function readCanvas(id: string) {
  const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${id}"] canvas`);
  if (!canvas) return null;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let painted = 0;
  let digest = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! > 0) painted += 1;
    digest = (digest * 31 + data[i]! + data[i + 1]! * 3 + data[i + 2]! * 7) % 1_000_000_007;
  }
  return { width: canvas.width, cssWidth: canvas.getBoundingClientRect().width, painted, digest };
}

describe('the dashboard charts', () => {
  it('draw real answers, redraw in the dark theme, and export chart.png at pixel ratio 2', async () => {
    const page = await session.page({ viewport: { width: 390, height: 844 } });
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.goto('/dashboard');

    const id = 'chart-answersByDay';
    await page.locator(`[data-testid="${id}"][data-drawn="true"]`).waitFor();
    const read = () => page.evaluate(readCanvas, id);
    await expect.poll(async () => (await read())?.painted ?? 0).toBeGreaterThan(500);
    const light = (await read())!;
    // The other charts with answers are drawn too.
    for (const other of ['chart-topRobots', 'chart-unanswered'])
      await page.locator(`[data-testid="${other}"][data-drawn="true"]`).waitFor();

    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
    await expect.poll(() => page.evaluate(() => document.body.getAttribute('theme-mode'))).toBe('dark');
    await expect.poll(async () => (await read())?.digest).not.toBe(light.digest);
    expect((await read())!.painted).toBeGreaterThan(500);

    const card = page.getByTestId(id);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Export Answers per day by robot as PNG' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('chart.png');
    const png = await readFile((await download.path())!);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const { cssWidth } = (await read())!;
    // IHDR: width at bytes 16–19, big-endian.
    expect(png.readUInt32BE(16)).toBe(Math.round(cssWidth) * 2);

    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
