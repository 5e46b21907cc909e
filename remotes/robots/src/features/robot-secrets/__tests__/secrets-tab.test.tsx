import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { allSettled } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiSecret, Role } from '@flotilla/shared';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { fakeRobotsApi, fakeSecret, makeRobot } from '../../../test/fake-robots-api';
import { $revealedSecret, $secrets, secretsOpened } from '../robot-secrets.model';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const existing = (processId: string): ApiSecret => ({
  id: 'k0',
  processId,
  name: 'Website',
  prefix: 'sk-flotilla-old0',
  createdAt: '2024-05-01T08:00:00.000Z',
  lastUsedAt: '2024-05-02T08:00:00.000Z',
});

async function openSecrets({ role = 'admin' as Role, fail = false } = {}) {
  const robot = makeRobot({ name: 'Concierge' });
  const scope = testScope(role);
  const api = fakeRobotsApi(
    [robot],
    (request) =>
      fail && request.path === '/v1/secrets' && request.method === 'GET'
        ? { status: 500, body: { code: 'INTERNAL', message: 'Database is down' } }
        : undefined,
    { secrets: [existing(robot.processId)] },
  );
  renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope });
  fireEvent.click(await screen.findByRole('tab', { name: 'API keys' }));
  return { robot, scope, ...api };
}

/** The keys table (the detail page's fields are a table too). */
const table = () => screen.getByRole('columnheader', { name: 'Last used' }).closest('table') as HTMLElement;

describe('API keys tab', () => {
  it("lists the robot's keys by name and prefix, and shows how to call the robot", async () => {
    const { robot, requests } = await openSecrets();
    await screen.findByRole('columnheader', { name: 'Last used' });
    expect(await within(table()).findByText('Website')).toBeTruthy();
    expect(within(table()).getByText('sk-flotilla-old0…')).toBeTruthy();
    expect(requests.find((request) => request.path === '/v1/secrets')!.query.get('processId')).toBe(robot.processId);
    expect((screen.getByRole('textbox', { name: 'Base URL' }) as HTMLInputElement).value).toBe(`${location.origin}/v1`);
    expect(screen.getByText(/curl http:\/\/.*\/v1\/chat\/completions/)).toBeTruthy();
    expect(screen.getByText(/Authorization: Bearer YOUR_API_KEY/)).toBeTruthy();
    expect(screen.getByText(/from openai import OpenAI/)).toBeTruthy();
  });

  it('shows a new key once, with a copy button and a warning, and never lists it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { robot, requests, scope } = await openSecrets();
    await screen.findByRole('columnheader', { name: 'Last used' });
    await within(table()).findByText('Website');
    fireEvent.click(screen.getByRole('button', { name: /New API key/ }));
    fireEvent.change(await screen.findByPlaceholderText('Where the key is used, for example: Website'), {
      target: { value: ' Mobile app ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));

    const secret = fakeSecret(1);
    const dialog = within((await screen.findByText('API key created')).closest('[role="dialog"]') as HTMLElement);
    expect((dialog.getByRole('textbox', { name: 'API key' }) as HTMLInputElement).value).toBe(secret);
    expect(dialog.getByText('Copy this key now')).toBeTruthy();
    expect(dialog.getByText(/You will not see it again/)).toBeTruthy();
    expect(dialog.getByText(new RegExp(`Authorization: Bearer ${secret}`))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Copy API key' }));
    expect(await screen.findByText('API key copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(secret);
    expect(requests.find((request) => request.method === 'POST' && request.path === '/v1/secrets')!.body).toEqual({
      processId: robot.processId,
      name: 'Mobile app',
    });

    // The list shows the new key by its prefix only.
    expect(await within(table()).findByText('Mobile app')).toBeTruthy();
    expect(within(table()).getByText(`${secret.slice(0, 16)}…`)).toBeTruthy();
    expect(table().textContent).not.toContain(secret);
    expect(JSON.stringify(scope.getState($secrets))).not.toContain(secret);

    fireEvent.click(dialog.getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByText('Copy this key now')).toBeNull());
    expect(scope.getState($revealedSecret)).toBeNull();
    expect(document.body.innerHTML).not.toContain(secret);
  });

  it('forgets a shown key when another robot opens', async () => {
    const { robot, scope } = await openSecrets();
    await screen.findByRole('columnheader', { name: 'Last used' });
    await within(table()).findByText('Website');
    fireEvent.click(screen.getByRole('button', { name: /New API key/ }));
    fireEvent.change(await screen.findByPlaceholderText('Where the key is used, for example: Website'), {
      target: { value: 'Mobile' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('API key created');
    await allSettled(secretsOpened, { scope, params: { processId: 'other', adminId: robot.adminId } });
    expect(scope.getState($revealedSecret)).toBeNull();
  });

  it('revokes a key after confirmation', async () => {
    const { requests } = await openSecrets();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke API key “Website”' }));
    expect(await screen.findByText('Revoke “Website”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
    expect(requests.some((request) => request.method === 'DELETE' && request.path === '/v1/secrets/k0')).toBe(true);
  });

  it('says a name is needed, and sends nothing', async () => {
    const { requests } = await openSecrets();
    fireEvent.click(await screen.findByRole('button', { name: /New API key/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a name for the key')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows an error with Retry when the keys cannot be loaded', async () => {
    await openSecrets({ fail: true });
    expect(await screen.findByText('These settings could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database is down')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('is not offered to agents', async () => {
    const robot = makeRobot({ name: 'Concierge' });
    fakeRobotsApi([robot]);
    renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('agent') });
    expect(await screen.findByRole('tab', { name: 'Logs' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'API keys' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Basic config' })).toBeNull();
  });
});
