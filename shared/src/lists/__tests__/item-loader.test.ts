import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../http/http-error';
import { createItemLoader } from '../item-loader';

type Thing = { id: string; name: string };

function fakeServer(things: Thing[], fail: () => HttpError | null = () => null) {
  return vi.fn(async (id: string): Promise<Thing> => {
    const failure = fail();
    if (failure) throw failure;
    const thing = things.find((other) => other.id === id);
    if (!thing) throw new HttpError(404, 'NOT_FOUND', 'Not found', null);
    return thing;
  });
}

describe('createItemLoader', () => {
  it('loads the item of the id', async () => {
    const thing = { id: 't1', name: 'One' };
    const loader = createItemLoader<Thing>({ fetchOne: fakeServer([thing]), itemKey: (item) => item.id });
    const scope = fork();
    await allSettled(loader.opened, { scope, params: 't1' });
    expect(scope.getState(loader.$status)).toBe('ready');
    expect(scope.getState(loader.$item)).toEqual(thing);
    expect(scope.getState(loader.$id)).toBe('t1');
  });

  it('says not found on 404 and without an id, asking nothing for the latter', async () => {
    const fetchOne = fakeServer([]);
    const loader = createItemLoader<Thing>({ fetchOne, itemKey: (item) => item.id });
    const scope = fork();
    await allSettled(loader.opened, { scope, params: 'missing' });
    expect(scope.getState(loader.$status)).toBe('not-found');

    await allSettled(loader.opened, { scope, params: undefined });
    expect(scope.getState(loader.$status)).toBe('not-found');
    expect(scope.getState(loader.$id)).toBeNull();
    expect(fetchOne).toHaveBeenCalledTimes(1);
  });

  it('holds other failures and loads again on request', async () => {
    let failing = true;
    const thing = { id: 't1', name: 'One' };
    const loader = createItemLoader<Thing>({
      fetchOne: fakeServer([thing], () => (failing ? new HttpError(500, 'INTERNAL', 'Boom', null) : null)),
      itemKey: (item) => item.id,
    });
    const scope = fork();
    await allSettled(loader.opened, { scope, params: 't1' });
    expect(scope.getState(loader.$status)).toBe('error');
    expect(scope.getState(loader.$failure)?.message).toBe('Boom');

    failing = false;
    await allSettled(loader.reloadRequested, { scope });
    expect(scope.getState(loader.$status)).toBe('ready');
    expect(scope.getState(loader.$failure)).toBeNull();
    expect(scope.getState(loader.$item)).toEqual(thing);
  });

  it('drops the answer for an id the user has left', async () => {
    let releaseSlow: () => void = () => {};
    const slow = { id: 'slow', name: 'Slow' };
    const fast = { id: 'fast', name: 'Fast' };
    const fetchOne = vi.fn((id: string) =>
      id === 'slow' ? new Promise<Thing>((resolve) => (releaseSlow = () => resolve(slow))) : Promise.resolve(fast),
    );
    const loader = createItemLoader<Thing>({ fetchOne, itemKey: (item) => item.id });
    const scope = fork();

    const first = allSettled(loader.opened, { scope, params: 'slow' });
    const second = allSettled(loader.opened, { scope, params: 'fast' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    releaseSlow();
    await Promise.all([first, second]);

    expect(scope.getState(loader.$item)).toEqual(fast);
    expect(scope.getState(loader.$status)).toBe('ready');
  });

  it('keeps the item on screen while the same id opens again', async () => {
    const thing = { id: 't1', name: 'One' };
    const loader = createItemLoader<Thing>({ fetchOne: fakeServer([thing]), itemKey: (item) => item.id });
    const scope = fork();
    await allSettled(loader.opened, { scope, params: 't1' });
    const again = allSettled(loader.opened, { scope, params: 't1' });
    expect(scope.getState(loader.$item)).toEqual(thing);
    await again;
  });
});
