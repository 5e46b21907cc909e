import { afterEach, describe, expect, it, vi } from 'vitest';
import { flotillaRuntimePlugin } from '../runtime-plugin';

const fetchManifest = (url: string) => {
  const plugin = flotillaRuntimePlugin();
  return (plugin.fetch as (url: string, init: RequestInit) => Promise<Response>)(url, {});
};

describe('the runtime plugin fetching a manifest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes a manifest whose URL names its build from the HTTP cache (the login page prefetched it), any other never', async () => {
    const fetched = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}'));
    vi.stubGlobal('fetch', fetched);
    await fetchManifest('/remotes/robots/mf-manifest.json?v=0.1.0%2Bab12cd34');
    await fetchManifest('https://cdn.example.com/robots/mf-manifest.json');
    expect(fetched.mock.calls.map(([, init]) => init.cache)).toEqual(['default', 'no-store']);
  });

  it('fails on an answer that is not 2xx', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('gone', { status: 404 })),
    );
    await expect(fetchManifest('/remotes/robots/mf-manifest.json?v=1')).rejects.toThrow(
      /FLOTILLA_REMOTE_MANIFEST.*404/,
    );
  });
});
