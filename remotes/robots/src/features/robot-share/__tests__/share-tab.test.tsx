import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell, testScope } from '@flotilla/shared/test';
import App from '../../../expose/App';
import { defaultShare, fakeRobotsApi, makeRobot } from '../../../test/fake-robots-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openShare(options: { fail?: boolean } = {}) {
  const robot = makeRobot({ name: 'Concierge' });
  const share = {
    ...defaultShare(robot),
    allowedOrigins: ['https://shop.example.com'],
    rateLimitPerMinute: 30,
    themeColor: '#112233',
  };
  const api = fakeRobotsApi(
    [robot],
    (request) =>
      options.fail && request.method === 'PUT' && request.path.endsWith('/share')
        ? {
            status: 422,
            body: { detail: [{ loc: ['body', 'rateLimitPerMinute'], msg: 'rate limit too high', type: 'range' }] },
          }
        : undefined,
    { shares: { [robot.processId]: share } },
  );
  renderInShell(<App />, { path: `/ai/${robot.processId}/detail`, scope: testScope('admin') });
  fireEvent.click(await screen.findByRole('tab', { name: 'Share' }));
  await screen.findByLabelText('Theme colour');
  return { robot, share, ...api };
}

describe('share tab', () => {
  it('loads the settings and shows the link on this origin', async () => {
    const { share } = await openShare();
    expect((screen.getByLabelText('Share link') as HTMLInputElement).value).toBe(
      `${location.origin}/chat/${share.shareId}`,
    );
    expect((screen.getByLabelText('Theme colour') as HTMLInputElement).value).toBe('#112233');
    expect(screen.getByText('https://shop.example.com')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Share enabled' }).getAttribute('aria-checked')).toBe('false');
  });

  it('turns the share on and off', async () => {
    const { robot, requests } = await openShare();
    fireEvent.click(screen.getByRole('switch', { name: 'Share enabled' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Share enabled' }).getAttribute('aria-checked')).toBe('true'),
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Share enabled' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Share enabled' }).getAttribute('aria-checked')).toBe('false'),
    );
    const base = `/v1/users/${robot.adminId}/processes/${robot.processId}/share`;
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      `${base}/enable`,
      `${base}/disable`,
    ]);
  });

  it('copies the link', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { share } = await openShare();
    fireEvent.click(screen.getByRole('button', { name: /Copy/ }));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/chat/${share.shareId}`);
  });

  it('saves the settings', async () => {
    const { robot, requests } = await openShare();
    fireEvent.change(screen.getByLabelText('Theme colour'), { target: { value: '#ABCDEF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Share settings saved')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/v1/users/${robot.adminId}/processes/${robot.processId}/share`);
    expect(put?.body).toEqual({
      allowedOrigins: ['https://shop.example.com'],
      rateLimitPerMinute: 30,
      expiresAt: null,
      themeColor: '#ABCDEF',
    });
  });

  it('says what a theme colour looks like and sends nothing', async () => {
    const { requests } = await openShare();
    fireEvent.change(screen.getByLabelText('Theme colour'), { target: { value: 'red' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use a colour like #165DFF')).toBeTruthy();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("shows the server's message when the save is refused", async () => {
    await openShare({ fail: true });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The share settings were not saved')).toBeTruthy();
    expect(screen.getByText('rate limit too high')).toBeTruthy();
  });
});
