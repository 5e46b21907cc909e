import { beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let api: Api;

beforeAll(async () => {
  api = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

describe('an operator shares a robot, a visitor opens the link', () => {
  it('sets the welcome and a suggested question, enables the share, and the public page shows them', async () => {
    const robot = await api.createRobot('Ferry timetable helper');
    const page = await session.page();
    await loginThroughForm(page, session.admin.username, session.admin.password);
    await page.goto(`/ai/${robot.processId}/detail/`);
    await page.getByRole('tab', { name: 'Preset' }).click();
    await page.getByPlaceholder('The first message of every chat').fill('Ahoy! Ask me about ferry times.');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByRole('textbox', { name: 'Suggested question 1' }).fill('When does the last ferry leave?');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Preset saved').waitFor();

    await page.getByRole('tab', { name: 'Share' }).click();
    await page.getByRole('switch', { name: 'Share enabled' }).click();
    await page.getByText('Anyone with the link can chat with this robot.').waitFor();
    const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${session.baseUrl}/chat/[\\w-]+$`));

    // A visitor on a phone, with no account.
    const visitor = await session.page({ viewport: { width: 390, height: 844 } });
    await visitor.goto(link);
    await visitor.getByText('Ahoy! Ask me about ferry times.').waitFor();
    await visitor.getByText('When does the last ferry leave?').waitFor();

    // Turning the share off closes the link at once.
    await page.getByRole('switch', { name: 'Share enabled' }).click();
    await page.getByText('The link answers nothing until sharing is enabled.').waitFor();
    await visitor.reload();
    await visitor.getByText(/does not exist or has been disabled/i).waitFor();
  });
});
