import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { defaultShare, fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPreset(options: { fail?: boolean; questions?: string[] } = {}) {
  const robot = makeRobot({ name: 'Concierge' });
  const share = {
    ...defaultShare(robot),
    welcome: 'Hello there',
    suggestedQuestions: options.questions ?? ['Opening hours?'],
  };
  const api = fakeRobotsApi(
    [robot],
    (request) =>
      options.fail && request.method === 'PUT' && request.path.endsWith('/preset')
        ? { status: 422, body: { detail: [{ loc: ['body', 'welcome'], msg: 'welcome is too long', type: 'length' }] } }
        : undefined,
    { shares: { [robot.processId]: share } },
  );
  renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('operator') });
  fireEvent.click(await screen.findByRole('tab', { name: 'Preset' }));
  return { robot, ...api };
}

describe('preset tab', () => {
  it("loads the welcome text and questions from the robot's share settings", async () => {
    const { robot, requests } = await openPreset();
    expect(((await screen.findByLabelText('Welcome text')) as HTMLTextAreaElement).value).toBe('Hello there');
    expect((screen.getByLabelText('Suggested question 1') as HTMLInputElement).value).toBe('Opening hours?');
    expect(
      requests.some((request) => request.path === `/v1/users/${robot.adminId}/processes/${robot.processId}/share`),
    ).toBe(true);
  });

  it('adds and removes questions and saves the preset', async () => {
    const { robot, requests } = await openPreset({ questions: ['Opening hours?', 'Old question'] });
    await screen.findByLabelText('Welcome text');
    fireEvent.click(screen.getByRole('button', { name: 'Remove suggested question 2' }));
    fireEvent.click(screen.getByRole('button', { name: /Add question/ }));
    fireEvent.change(await screen.findByLabelText('Suggested question 2'), { target: { value: '  Where are you?  ' } });
    fireEvent.change(screen.getByLabelText('Welcome text'), { target: { value: 'Welcome!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Preset saved')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/v1/processes/${robot.processId}/preset`);
    expect(put?.body).toEqual({ welcome: 'Welcome!', suggestedQuestions: ['Opening hours?', 'Where are you?'] });
  });

  it('asks for an empty question and stops at ten', async () => {
    const { requests } = await openPreset({
      questions: Array.from({ length: 9 }, (_, index) => `Question ${index + 1}`),
    });
    await screen.findByLabelText('Welcome text');
    fireEvent.click(screen.getByRole('button', { name: /Add question/ }));
    expect((screen.getByRole('button', { name: /Add question/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the question, or remove it')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's message when the save is refused", async () => {
    await openPreset({ fail: true });
    await screen.findByLabelText('Welcome text');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The preset was not saved')).toBeTruthy();
    expect(screen.getByText('welcome is too long')).toBeTruthy();
  });
});
