import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SmsOutboxResponse } from '@flotilla/shared/contracts';
import type { Api } from './api';

/**
 * The code of the newest message to `phone` in the built-in SMS outbox, as `reader` (an admin of the phone's
 * tenant, or the platform owner for a registration code) reads it; fails naming the newest messages when none
 * was sent.
 */
export async function codeSentTo(reader: Api, phone: string): Promise<string> {
  const outbox = await reader.call<SmsOutboxResponse>('GET', '/v1/sms/outbox?offset=0&limit=20');
  const digits = phone.replace(/\D/g, '');
  const message = outbox.list.find((entry) => entry.phone.replace(/\D/g, '') === digits);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code)
    throw new Error(`no code was sent to ${phone}; newest messages: ${JSON.stringify(outbox.list.slice(0, 3))}`);
  return code;
}

/**
 * Logs in on the login page's code form as a phone's owner would: the phone, "Send code" (waiting for its
 * countdown), the code read from the outbox by `reader`, then on to /robot. The form must fit the page's width.
 */
export async function logInWithCode(page: Page, reader: Api, phone: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Phone' }).fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The button counts down the wait before another send.
  await page.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
  await page.getByRole('textbox', { name: 'Code' }).fill(await codeSentTo(reader, phone));
  // Nothing of the form is wider than the page (a phone's screen in these tests).
  const width = page.viewportSize()?.width ?? Number.POSITIVE_INFINITY;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.locator('#fl-sms-form button[type="submit"]').click();
  await page.waitForURL('**/robot');
}
