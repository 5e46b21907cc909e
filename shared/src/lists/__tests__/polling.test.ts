import { allSettled, createWatch, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { createPolling } from '../polling';

function setup() {
  const polling = createPolling();
  const release: Array<() => void> = [];
  const scope = fork({ handlers: [[polling.waitFx, () => new Promise<void>((resolve) => release.push(resolve))]] });
  const ticked = vi.fn();
  createWatch({ unit: polling.ticked, fn: ticked, scope });
  const pass = async () => {
    release.splice(0).forEach((resolve) => resolve());
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { polling, scope, ticked, release, pass };
}

describe('polling', () => {
  it('waits after an answer with something moving, then asks again; never two waits at once', async () => {
    const { polling, scope, ticked, release, pass } = setup();
    await allSettled(polling.started, { scope });
    void allSettled(polling.answered, { scope, params: true });
    void allSettled(polling.answered, { scope, params: true });
    expect(release).toHaveLength(1);
    await pass();
    expect(ticked).toHaveBeenCalledTimes(1);
  });

  it('stops when nothing moves any more', async () => {
    const { polling, scope, ticked, release, pass } = setup();
    await allSettled(polling.started, { scope });
    void allSettled(polling.answered, { scope, params: true });
    void allSettled(polling.answered, { scope, params: false });
    await pass();
    expect(ticked).not.toHaveBeenCalled();
    void allSettled(polling.answered, { scope, params: false });
    expect(release).toHaveLength(0);
  });

  it('stops when the page is left, and goes on when it opens again', async () => {
    const { polling, scope, ticked, pass } = setup();
    await allSettled(polling.started, { scope });
    void allSettled(polling.answered, { scope, params: true });
    // Not awaited: allSettled would wait for the pause that is still running.
    void allSettled(polling.stopped, { scope });
    await pass();
    expect(ticked).not.toHaveBeenCalled();
    void allSettled(polling.started, { scope });
    void allSettled(polling.answered, { scope, params: true });
    await pass();
    expect(ticked).toHaveBeenCalledTimes(1);
  });
});
