import { beforeAll, describe, expect, it } from 'vitest';
import type { CompletionLogListResponse } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

const FALLBACK = 'I will pass your question to the harbour office.';
const WELCOME = 'Ahoy! I answer questions about the harbour.';

describe('a robot answers a visitor through its share link', () => {
  it('create → welcome and fallback → share → ask (streamed) → reload keeps history → like → delete the pair; debug chat in the console', async () => {
    const operator = await session.page();
    await loginThroughForm(operator, session.admin.username, session.admin.password);
    await operator.waitForURL('**/robot');

    // Create the robot from the list.
    await operator.getByRole('button', { name: 'New robot' }).first().click();
    const dialog = operator.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Harbour helper');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // Creating opens the new robot's detail page.
    await operator.waitForURL(/\/ai\/[\w-]+\/detail/);
    const processId = /\/ai\/([\w-]+)\/detail/.exec(operator.url())?.[1] ?? '';

    // Fallback reply (basic config) and welcome text (preset).
    await operator.getByRole('tab', { name: 'Basic config' }).click();
    await operator.getByLabel('Fallback reply').fill(FALLBACK);
    await operator.getByRole('button', { name: 'Save' }).click();
    await operator.getByText('Basic config saved').waitFor();
    await operator.getByRole('tab', { name: 'Preset' }).click();
    await operator.getByPlaceholder('The first message of every chat').fill(WELCOME);
    await operator.getByRole('button', { name: 'Save' }).click();
    await operator.getByText('Preset saved').waitFor();

    // Share it.
    await operator.getByRole('tab', { name: 'Share' }).click();
    await operator.getByRole('switch', { name: 'Share enabled' }).click();
    await operator.getByText('Anyone with the link can chat with this robot.').waitFor();
    const link = await operator.getByRole('textbox', { name: 'Share link' }).inputValue();

    // A visitor on a phone, in a fresh browser context, asks a question.
    const visitor = await session.page({ viewport: { width: 390, height: 844 } });
    await visitor.goto(link);
    await visitor.getByText(WELCOME).waitFor();
    // The answer comes as an event stream (its events are checked by the server's tests; Chromium does
    // not keep the body of a streamed response for the test to read).
    const streamed = visitor.waitForResponse((r) => r.url().endsWith('/v2/qa'));
    await visitor.getByRole('textbox', { name: 'Message' }).fill('When does the harbour office open?');
    await visitor.getByRole('button', { name: 'Send' }).click();
    const response = await streamed;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    await visitor.getByText(FALLBACK).waitFor();

    // A reload keeps the history: the conversation is in the list and opens with its messages.
    await visitor.reload();
    await visitor.getByRole('button', { name: 'Show conversations' }).click();
    await visitor
      .getByRole('button', { name: /^When does the harbour/ })
      .first()
      .click();
    await visitor.getByText(FALLBACK).waitFor();

    // Like the answer: the robot's logs show the feedback.
    await visitor.getByRole('button', { name: 'Helpful', exact: true }).click();
    await visitor.getByLabel('What was good? (optional)').fill('Quick and clear');
    await visitor.getByRole('button', { name: 'Send feedback' }).click();
    await expect
      .poll(async () => {
        const [answer] = (await logs(processId)).list;
        return answer && [answer.feedback, answer.feedbackText];
      })
      .toEqual(['like', 'Quick and clear']);

    // Delete the pair: gone from the page and from the server.
    await visitor.getByRole('button', { name: 'Delete question and answer' }).click();
    await visitor.getByRole('button', { name: 'Delete', exact: true }).click();
    await visitor.getByText(FALLBACK).waitFor({ state: 'detached' });
    await expect.poll(async () => (await logs(processId)).total).toBe(0);

    // Debug chat in the console: the chat remote's panel, loaded through federation, as staff.
    await operator.getByRole('tab', { name: 'Debug' }).click();
    const debug = operator.getByRole('tabpanel');
    await debug.getByRole('textbox', { name: 'Message' }).fill('Is the harbour open on Sundays?');
    await debug.getByRole('button', { name: 'Send' }).click();
    await debug.getByText(FALLBACK).waitFor();
    const staffAnswer = (await logs(processId)).list[0];
    expect(staffAnswer).toMatchObject({
      question: 'Is the harbour open on Sundays?',
      channel: 'staff',
      status: 'done',
    });
  });
});

function logs(processId: string): Promise<CompletionLogListResponse> {
  return api.call<CompletionLogListResponse>('GET', `/v1/completions/processes?processId=${processId}`);
}
