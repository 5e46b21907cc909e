import { describe, expect, it, vi } from 'vitest';
import { SHARED_TOO_OLD } from '@flotilla/shared/version';

// The console this remote lands in provides an older shared than the one it was built against.
vi.mock('@flotilla/shared', async (importOriginal) => {
  const current = await importOriginal<typeof import('@flotilla/shared')>();
  return { ...current, SHARED_API_VERSION: current.SHARED_API_VERSION - 1 };
});

describe('the robots area on a console with an older shared', () => {
  it('fails to load with a code its RemoteBoundary shows, instead of breaking later on undefined', async () => {
    await expect(import('../expose/App')).rejects.toThrow(SHARED_TOO_OLD);
  });
});
