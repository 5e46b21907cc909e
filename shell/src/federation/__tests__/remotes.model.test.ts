import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $token } from '@flotilla/shared';
import { remoteRegistry } from '../runtime';
import { consoleStarted } from '../remotes.model';

vi.mock('../runtime', () => ({
  remoteRegistry: { prepare: vi.fn(async () => ({})), refresh: vi.fn(async () => ({})), preloadApp: vi.fn() },
}));

const startOn = async (path: string, token: string | null) => {
  window.history.replaceState(null, '', path);
  await allSettled(consoleStarted, { scope: fork({ values: [[$token, token]] }) });
};

describe('the console starting', () => {
  afterEach(() => vi.clearAllMocks());

  it("starts loading the opening page's remote before the first render, for a logged-in visitor", async () => {
    await startOn('/robot', 'token');
    expect(remoteRegistry.prepare).toHaveBeenCalledTimes(1);
    expect(remoteRegistry.preloadApp).toHaveBeenCalledWith('robots');
  });

  it("loads no remote for a visitor without a session or for the shell's own pages", async () => {
    await startOn('/robot', null);
    await startOn('/redirect/robot', 'token');
    expect(remoteRegistry.preloadApp).not.toHaveBeenCalled();
    expect(remoteRegistry.prepare).toHaveBeenCalledTimes(2);
  });
});
