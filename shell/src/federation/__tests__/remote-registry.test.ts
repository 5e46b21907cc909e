import { describe, expect, it, vi } from 'vitest';
import type { RemotesConfig } from '@flotilla/shared/contracts';
import { REMOTES_CONFIG_ELEMENT_ID } from '@flotilla/shared/contracts';
import {
  createRemoteRegistry,
  FEDERATION_ERRORS,
  inlinedRemotesConfig,
  type FederationRuntime,
} from '../remote-registry';
import { createWidgetLoader } from '../widget-loader';

const App = () => null;

function setup(
  configs: RemotesConfig[],
  loadRemote: FederationRuntime['loadRemote'] = (async () => ({ default: App })) as never,
  inlined: RemotesConfig | null = null,
) {
  const runtime = { registerRemotes: vi.fn(), loadRemote: vi.fn(loadRemote) };
  const fetchConfig = vi.fn(async () => {
    const next = configs.length > 1 ? configs.shift() : configs[0];
    if (!next) throw new Error('remotes.json answered 500');
    return next;
  });
  return { registry: createRemoteRegistry(runtime as FederationRuntime, fetchConfig, inlined), runtime, fetchConfig };
}

const v1: RemotesConfig = { robots: { entry: '/remotes/robots/1/mf-manifest.json', version: '1' } };
const v2: RemotesConfig = { robots: { entry: '/remotes/robots/2/mf-manifest.json', version: '2' } };

describe('remote registry', () => {
  it('registers a remote once and loads its ./App', async () => {
    const { registry, runtime } = setup([v1]);
    await expect(registry.loadApp('robots')).resolves.toEqual({ default: App });
    await registry.loadApp('robots');
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'robots', entry: v1.robots.entry }], {
      force: false,
    });
    expect(runtime.loadRemote).toHaveBeenCalledWith('robots/App');
  });

  it('loads the new version on the next load after remotes.json changed', async () => {
    const { registry, runtime } = setup([v1, v2]);
    await registry.loadApp('robots');
    await registry.refresh();
    await registry.loadApp('robots');
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'robots', entry: v2.robots.entry }], {
      force: true,
    });
  });

  it('retries for real: re-reads remotes.json and re-registers with force', async () => {
    let fail = true;
    const { registry, runtime, fetchConfig } = setup([v1], async () => {
      if (fail) throw new Error('RUNTIME-003 manifest 404');
      return { default: App } as never;
    });
    await expect(registry.loadApp('robots')).rejects.toThrow(/404/);
    fail = false;
    await expect(registry.loadApp('robots', { retry: true })).resolves.toEqual({ default: App });
    expect(fetchConfig).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'robots', entry: v1.robots.entry }], {
      force: true,
    });
  });

  it('fails with a stable code for a remote missing from remotes.json or without a component', async () => {
    await expect(setup([v1]).registry.loadApp('cases')).rejects.toMatchObject({
      code: FEDERATION_ERRORS.notConfigured,
    });
    await expect(setup([v1], (async () => ({})) as never).registry.loadApp('robots')).rejects.toMatchObject({
      code: FEDERATION_ERRORS.badModule,
    });
  });

  it('preloads a remote: its load starts before any area asks, and the area reuses its registration', async () => {
    const { registry, runtime } = setup([v1]);
    registry.preloadApp('robots');
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('robots/App'));
    await expect(registry.loadApp('robots')).resolves.toEqual({ default: App });
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('leaves a failed preload to the area, which reports it', async () => {
    const { registry } = setup([v1], async () => {
      throw new Error('RUNTIME-003 manifest 404');
    });
    registry.preloadApp('robots');
    await expect(registry.loadApp('robots')).rejects.toThrow(/404/);
  });

  it('asks for remotes.json again after it failed', async () => {
    const configs: RemotesConfig[] = [];
    const { registry, fetchConfig } = setup(configs);
    await expect(registry.loadApp('robots')).rejects.toThrow(/500/);
    configs.push(v1);
    await expect(registry.loadApp('robots')).resolves.toEqual({ default: App });
    expect(fetchConfig).toHaveBeenCalledTimes(2);
  });

  describe("the config the console's page carries", () => {
    it('loads the first remote without asking for remotes.json; a version check and Retry still ask', async () => {
      const { registry, runtime, fetchConfig } = setup([v2], undefined, v1);
      await registry.prepare();
      await registry.loadApp('robots');
      expect(fetchConfig).not.toHaveBeenCalled();
      expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'robots', entry: v1.robots.entry }], {
        force: false,
      });
      await registry.refresh();
      await registry.loadApp('robots');
      expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'robots', entry: v2.robots.entry }], {
        force: true,
      });
      await registry.loadApp('robots', { retry: true });
      expect(fetchConfig).toHaveBeenCalledTimes(2);
    });

    it('asks for remotes.json at start when the page carries none', async () => {
      const { registry, fetchConfig } = setup([v1]);
      await expect(registry.prepare()).resolves.toEqual(v1);
      await registry.loadApp('robots');
      expect(fetchConfig).toHaveBeenCalledTimes(1);
    });

    const pageWith = (text: string | null) => {
      const doc = document.implementation.createHTMLDocument();
      if (text !== null) {
        const block = doc.createElement('script');
        block.type = 'application/json';
        block.id = REMOTES_CONFIG_ELEMENT_ID;
        block.textContent = text;
        doc.head.append(block);
      }
      return doc;
    };

    it('reads the data block, and nothing from a page without one or with one it cannot read', () => {
      expect(inlinedRemotesConfig(pageWith(JSON.stringify(v1)))).toEqual(v1);
      expect(inlinedRemotesConfig(pageWith(null))).toBeNull();
      expect(inlinedRemotesConfig(pageWith('{"robots":'))).toBeNull();
      expect(inlinedRemotesConfig(pageWith('{"robots":{"entry":1}}'))).toBeNull();
      expect(inlinedRemotesConfig(pageWith('null'))).toBeNull();
    });
  });

  describe('loadModule', () => {
    const ChatPanel = () => null;
    const modules = (id: string) =>
      id === 'chat/ChatPanel' ? { default: ChatPanel } : id === 'chat/App' ? { default: App } : null;
    const withChat: RemotesConfig = { ...v1, chat: { entry: '/remotes/chat/1/mf-manifest.json', version: '1' } };

    it('loads another exposed module of a remote, registered once with its ./App', async () => {
      const { registry, runtime } = setup([withChat], (async (id: string) => modules(id)) as never);
      await expect(registry.loadModule('chat', './ChatPanel')).resolves.toEqual({ default: ChatPanel });
      await registry.loadApp('chat');
      expect(runtime.loadRemote).toHaveBeenNthCalledWith(1, 'chat/ChatPanel');
      expect(runtime.loadRemote).toHaveBeenNthCalledWith(2, 'chat/App');
      expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
      expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'chat', entry: withChat.chat!.entry }], {
        force: false,
      });
    });

    it('retries for real, and fails with stable codes', async () => {
      const { registry, runtime, fetchConfig } = setup([withChat], (async (id: string) => modules(id)) as never);
      await registry.loadModule('chat', './ChatPanel');
      await registry.loadModule('chat', './ChatPanel', { retry: true });
      expect(fetchConfig).toHaveBeenCalledTimes(2);
      expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'chat', entry: withChat.chat!.entry }], {
        force: true,
      });
      await expect(registry.loadModule('users', './Widget')).rejects.toMatchObject({
        code: FEDERATION_ERRORS.notConfigured,
      });
      await expect(registry.loadModule('chat', './Missing')).rejects.toMatchObject({
        code: FEDERATION_ERRORS.badModule,
      });
    });

    it('is what the shell registers as the widget loader', async () => {
      const { registry } = setup([withChat], (async (id: string) => modules(id)) as never);
      const loadModule = vi.spyOn(registry, 'loadModule');
      const loader = createWidgetLoader(registry);
      await expect(loader('chat', './ChatPanel', { retry: true })).resolves.toEqual({ default: ChatPanel });
      expect(loadModule).toHaveBeenCalledWith('chat', './ChatPanel', { retry: true });
    });
  });
});
