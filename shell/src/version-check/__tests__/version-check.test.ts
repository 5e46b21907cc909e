import { describe, expect, it, vi } from 'vitest';
import { allSettled, fork } from 'effector';
import {
  fetchVersionFx,
  isNewVersion,
  newVersionNoticeFx,
  reloadForVersionFx,
  startVersionTimerFx,
  versionCheckDue,
  versionCheckStarted,
} from '../version-check.model';

describe('version comparison with the first version seen', () => {
  it('compares with the first version seen', () => {
    expect(isNewVersion(null, '1.0.0')).toBe(false);
    expect(isNewVersion('1.0.0', '1.0.0')).toBe(false);
    expect(isNewVersion('1.0.0', '1.0.1')).toBe(true);
    expect(isNewVersion('1.0.1', '1.0.0')).toBe(true);
  });
  it('announces one version once', () => {
    expect(isNewVersion('1.0.0', '1.0.1', '1.0.1')).toBe(false);
    expect(isNewVersion('1.0.0', '1.0.2', '1.0.1')).toBe(true);
  });
});

describe('version check', () => {
  function setup(versions: string[], choice: 'refresh' | 'cancel') {
    const fetchVersion = vi.fn(async () => ({ version: versions.shift() ?? 'none', buildTime: '' }));
    const notice = vi.fn(async () => choice);
    const reload = vi.fn();
    const scope = fork({
      handlers: [
        [fetchVersionFx, fetchVersion],
        [newVersionNoticeFx, notice],
        [reloadForVersionFx, reload],
        [startVersionTimerFx, () => undefined],
      ],
    });
    return { scope, fetchVersion, notice, reload };
  }

  it('shows the persistent notice when the version differs from the first one, and refreshes on request', async () => {
    const { scope, fetchVersion, notice, reload } = setup(['1', '1', '2', '2'], 'refresh');
    await allSettled(versionCheckStarted, { scope });
    await allSettled(versionCheckDue, { scope });
    expect(notice).not.toHaveBeenCalled();
    await allSettled(versionCheckDue, { scope });
    expect(notice).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
    await allSettled(versionCheckDue, { scope });
    expect(notice).toHaveBeenCalledTimes(1);
    expect(fetchVersion).toHaveBeenCalledTimes(4);
  });

  it('does nothing more when the user cancels', async () => {
    const { scope, notice, reload } = setup(['1', '2'], 'cancel');
    await allSettled(versionCheckStarted, { scope });
    await allSettled(versionCheckDue, { scope });
    expect(notice).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('fetches /version.json with a timestamp every 600000 ms', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ version: '1', buildTime: '' })));
    vi.stubGlobal('fetch', fetchMock);
    try {
      const scope = fork({ handlers: [[newVersionNoticeFx, async () => 'cancel' as const]] });
      await allSettled(versionCheckStarted, { scope });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/^\/version\.json\?t=\d+$/);
      await vi.advanceTimersByTimeAsync(599_999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.clearAllTimers();
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
