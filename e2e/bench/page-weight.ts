import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export type Weight = { gzipBytes: number; files: number; ms: number };

/**
 * Runs `action` and waits until `ready` resolves, counting the JavaScript the browser downloaded
 * meanwhile as gzip would send it (level 9 is what a static host or CDN serves precompressed).
 */
export async function measureJs(
  page: Page,
  action: () => Promise<unknown>,
  ready: () => Promise<unknown>,
): Promise<Weight> {
  const sizes: Promise<number>[] = [];
  const onResponse = (response: Response) => {
    const isJs = response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(response.url());
    if (isJs && response.status() === 200)
      sizes.push(
        response.body().then(
          (body) => gzipSync(body, { level: 9 }).length,
          () => 0,
        ),
      );
  };
  page.on('response', onResponse);
  const started = performance.now();
  await action();
  await ready();
  const ms = performance.now() - started;
  page.off('response', onResponse);
  const all = await Promise.all(sizes);
  return { gzipBytes: all.reduce((a, b) => a + b, 0), files: all.length, ms };
}
