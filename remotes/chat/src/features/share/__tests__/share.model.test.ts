import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@flotilla/shared';
import { makeShare } from '../../../test-utils/fake-share';
import { $shares, chatOpened, loadShareInfoFx, shareRetryClicked } from '../share.model';

describe('share model', () => {
  it('keeps the loaded share under its id', async () => {
    const share = makeShare();
    const load = vi.fn(async () => share);
    const scope = fork({ handlers: [[loadShareInfoFx, load]] });

    await allSettled(chatOpened, { scope, params: 'abc123' });

    expect(load).toHaveBeenCalledWith('abc123');
    expect(scope.getState($shares)).toEqual({ abc123: { status: 'ready', info: share } });
  });

  it('tells a missing share (404) apart from a failure, and retries', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new HttpError(404, 'SHARE_NOT_FOUND', 'Share not found', null))
      .mockRejectedValueOnce(new HttpError(0, 'NETWORK', 'Network error', null))
      .mockResolvedValueOnce(makeShare({ shareId: 'b' }));
    const scope = fork({ handlers: [[loadShareInfoFx, load]] });

    await allSettled(chatOpened, { scope, params: 'a' });
    expect(scope.getState($shares).a).toEqual({ status: 'not-found' });

    await allSettled(chatOpened, { scope, params: 'b' });
    expect(scope.getState($shares).b).toEqual({ status: 'failed', message: 'Network error' });

    await allSettled(shareRetryClicked, { scope, params: 'b' });
    expect(scope.getState($shares).b).toMatchObject({ status: 'ready' });
    expect(scope.getState($shares).a).toEqual({ status: 'not-found' });
  });

  it('keeps a shown share on screen while it is fetched again', async () => {
    let resolveSecond: (value: ReturnType<typeof makeShare>) => void = () => {};
    const first = makeShare({ name: 'First' });
    const load = vi
      .fn()
      .mockResolvedValueOnce(first)
      .mockImplementationOnce(() => new Promise((resolve) => (resolveSecond = resolve)));
    const scope = fork({ handlers: [[loadShareInfoFx, load]] });

    await allSettled(chatOpened, { scope, params: 'abc123' });
    const again = allSettled(chatOpened, { scope, params: 'abc123' });
    expect(scope.getState($shares).abc123).toEqual({ status: 'ready', info: first });
    resolveSecond(makeShare({ name: 'Second' }));
    await again;
    expect(scope.getState($shares).abc123).toMatchObject({ info: { name: 'Second' } });
  });
});
