import { allSettled, fork } from 'effector';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@flotilla/shared';
import { loadShareInfoFx, chatOpened } from '../../share/share.model';
import { makeShare } from '../../../test-utils/fake-share';
import { newUuid, readOrCreateVisitorId } from '../visitor-id';
import { $visitorId } from '../visitor.model';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('visitor id', () => {
  it('is created once, stored, and reused', () => {
    const spy = vi.spyOn(crypto, 'randomUUID');
    const first = readOrCreateVisitorId();
    const second = readOrCreateVisitorId();

    expect(first).toMatch(UUID);
    expect(second).toBe(first);
    expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBe(first);
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('keeps an id stored by an earlier visit and replaces a corrupt one', () => {
    localStorage.setItem(STORAGE_KEYS.visitorId, '0b7d1c52-8d7e-4f3a-9c1b-2a9e5e0f4d11');
    expect(readOrCreateVisitorId()).toBe('0b7d1c52-8d7e-4f3a-9c1b-2a9e5e0f4d11');

    localStorage.setItem(STORAGE_KEYS.visitorId, 'not-a-uuid');
    const replaced = readOrCreateVisitorId();
    expect(replaced).toMatch(UUID);
    expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBe(replaced);
  });

  it('works where crypto.randomUUID is missing (plain-http pages)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newUuid()).toMatch(UUID);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });

  it('is set when a chat opens, and not created again by the next one', async () => {
    const scope = fork({ handlers: [[loadShareInfoFx, async () => makeShare()]] });

    await allSettled(chatOpened, { scope, params: 'a' });
    const id = scope.getState($visitorId);
    await allSettled(chatOpened, { scope, params: 'b' });

    expect(id).toMatch(UUID);
    expect(scope.getState($visitorId)).toBe(id);
    expect(localStorage.getItem(STORAGE_KEYS.visitorId)).toBe(id);
  });
});
