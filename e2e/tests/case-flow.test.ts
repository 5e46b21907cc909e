import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseListResponse, CaseTeam } from '@flotilla/shared/contracts';
import { Api } from '../support/api';
import { loginThroughForm } from '../support/browser';
import { useBrowser } from '../support/session';

const session = useBrowser();
let admin: Api;

beforeAll(async () => {
  admin = await Api.login(session.baseUrl, session.admin.username, session.admin.password);
});

const PHONE = '13912345678';

describe('a visitor leaves a phone number and an agent follows the case up', () => {
  it('case form in the robot page → team with an agent → visitor on a phone → agent sees, opens and closes the case', async () => {
    // Setup through the API: a robot shared by link, an agent, and a team of that agent receiving the robot.
    const robot = await admin.createRobot('Harbour sales');
    const share = await admin.enableShare(robot.processId);
    const agentName = `agent-${Date.now().toString(36)}`;
    const agent = await admin.createUser(agentName, 'agent');
    const team = await admin.call<CaseTeam>('POST', '/v1/case/team', { name: 'Harbour desk', memberIds: [agent.id] });
    await admin.call('POST', '/v1/case/team/processes', { teamId: team.id, processIds: [robot.processId] });

    // The admin turns the robot's case form on with a required phone field, in the page.
    const operator = await session.page();
    await loginThroughForm(operator, session.admin.username, session.admin.password);
    await operator.goto(`/ai/${robot.processId}/detail/`);
    await operator.getByRole('tab', { name: 'Case form' }).click();
    await operator.getByText('No fields yet').waitFor();
    await operator.getByRole('switch', { name: 'Open cases from conversations' }).click();
    await operator.getByRole('button', { name: /Add field/ }).click();
    await operator.getByRole('textbox', { name: 'Name of field 1' }).fill('phone');
    await operator.getByRole('textbox', { name: 'Label of field 1' }).fill('Phone number');
    await operator.getByRole('combobox', { name: 'Type of field 1' }).click();
    await operator.getByRole('option', { name: 'Phone' }).click();
    await operator.getByRole('button', { name: 'Save' }).click();
    await operator.getByText('Case form saved').waitFor();
    const saved = await admin.call<{ enabled: boolean; fields: unknown[] }>(
      'GET',
      `/v1/processes/${robot.processId}/caseForm`,
    );
    expect(saved).toEqual({
      enabled: true,
      fields: [{ name: 'phone', label: 'Phone number', type: 'phone', required: true }],
    });

    // A visitor on a phone leaves a number in the share chat.
    const visitor = await session.page({ viewport: { width: 390, height: 844 } });
    await visitor.goto(`/chat/${share.shareId}`);
    const answered = visitor.waitForResponse((response) => response.url().endsWith('/v2/qa'));
    await visitor.getByRole('textbox', { name: 'Message' }).fill(`Please call me back on ${PHONE} about a berth`);
    await visitor.getByRole('button', { name: 'Send' }).click();
    expect((await answered).status()).toBe(200);

    // The case opens beside the answer and goes to the team's agent.
    const agentApi = await Api.login(session.baseUrl, agentName, 'password-1234');
    await expect
      .poll(async () => {
        const { list } = await agentApi.call<CaseListResponse>('GET', '/v1/case?offset=0&limit=20');
        return list.map((item) => [item.phone, item.status, item.assigneeId, item.teamName]);
      })
      .toEqual([[PHONE, 'assigned', agent.id, 'Harbour desk']]);

    // The agent logs in, sees the case in the list and opens it.
    const desk = await session.page();
    await loginThroughForm(desk, agentName, 'password-1234');
    // The navbar's bell counts the case given to the agent.
    await desk.getByRole('button', { name: 'Case notifications, 1 unread' }).waitFor();
    await desk.goto('/case');
    const row = desk.getByRole('row').filter({ hasText: PHONE });
    await row.getByText('Harbour desk').waitFor();
    await row.getByText('Assigned').waitFor();
    const nav = desk.getByRole('navigation', { name: 'Cases area' });
    expect(await nav.getByRole('tab').allTextContents()).toEqual(['Cases', 'Teams', 'Orders']);
    await row.click();
    await desk.waitForURL(/\/case\/[\w-]+$/);
    await desk.getByText(`Please call me back on ${PHONE} about a berth`).first().waitFor();

    // …works on it and closes it.
    await desk.getByRole('button', { name: 'Start work' }).click();
    await desk.getByRole('button', { name: 'Close case' }).click();
    await desk.getByRole('button', { name: 'Reopen' }).waitFor();
    const { list } = await agentApi.call<CaseListResponse>('GET', '/v1/case?offset=0&limit=20');
    expect(list.map((item) => item.status)).toEqual(['closed']);
  });
});
