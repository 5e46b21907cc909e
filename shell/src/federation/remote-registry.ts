import type { ComponentType } from 'react';
import {
  CLIENT_ERRORS,
  GetRemotesConfig,
  REMOTES_CONFIG_ELEMENT_ID,
  type RemotesConfig,
} from '@flotilla/shared/contracts';

/** What a remote's `./App` must export (see README.md in this folder). */
export type RemoteAppModule = { default: ComponentType };

/** The part of the Module Federation runtime the registry uses (injected, so tests need no bundler). */
export type FederationRuntime = {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
};

export type RemoteRegistry = {
  /** Fetches `/remotes.json` again; later loads of a remote whose version changed get the new build. */
  refresh(): Promise<RemotesConfig>;
  /** Fetches `/remotes.json` ahead of the first load, unless the registry already has it (from the page). */
  prepare(): Promise<RemotesConfig>;
  /** Loads `<name>/App`. `retry` re-reads remotes.json and re-registers the remote, so Retry really retries. */
  loadApp(name: string, options?: { retry?: boolean }): Promise<RemoteAppModule>;
  /**
   * Starts loading `<name>/App` ahead of its area (the page's remote, while the console's own chunks
   * load): the area's `loadApp` then finds it loaded or on its way. A failure is left to the area,
   * whose own load reports it with Retry.
   */
  preloadApp(name: string): void;
  /**
   * Loads another module the remote exposes (`./ChatPanel`), registered like `loadApp`, and answers it
   * as loaded: checking its exports is the caller's part (the shared `loadWidget` checks widgets).
   */
  loadModule(name: string, exposed: string, options?: { retry?: boolean }): Promise<unknown>;
};

/** Stable error codes of the shell's federation layer. */
export const FEDERATION_ERRORS = {
  configUnavailable: CLIENT_ERRORS.remotesUnavailable,
  notConfigured: CLIENT_ERRORS.remoteNotConfigured,
  badModule: CLIENT_ERRORS.remoteBadModule,
} as const;

export class FederationError extends Error {
  constructor(
    readonly code: (typeof FEDERATION_ERRORS)[keyof typeof FEDERATION_ERRORS],
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'FederationError';
  }
}

/** `GET /remotes.json`, never from a cache. */
export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  let response: Response;
  try {
    response = await fetch(`${GetRemotesConfig.path}?t=${Date.now()}`, { cache: 'no-store' });
  } catch (cause) {
    throw new FederationError(
      FEDERATION_ERRORS.configUnavailable,
      `remotes.json could not be fetched (${String(cause)})`,
    );
  }
  if (!response.ok)
    throw new FederationError(FEDERATION_ERRORS.configUnavailable, `remotes.json answered ${response.status}`);
  return (await response.json()) as RemotesConfig;
}

/** Whether `value` has the shape of `/remotes.json`: `{ "<name>": { entry, version } }`. */
function isRemotesConfig(value: unknown): value is RemotesConfig {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (remote: unknown) =>
        typeof remote === 'object' &&
        remote !== null &&
        typeof (remote as Record<string, unknown>).entry === 'string' &&
        typeof (remote as Record<string, unknown>).version === 'string',
    )
  );
}

/**
 * `/remotes.json` as the server wrote it into the console's page (a JSON data block), so the first
 * remote loads without asking for it; null when the page has none (the dev server's page) or it cannot be read.
 */
export function inlinedRemotesConfig(doc: Document = document): RemotesConfig | null {
  const text = doc.getElementById(REMOTES_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const config: unknown = JSON.parse(text);
    return isRemotesConfig(config) ? config : null;
  } catch {
    return null;
  }
}

/**
 * Keeps remotes.json and what is registered with the federation runtime in step. A remote is
 * (re-)registered when its entry or version differs from the registered one, which happens on the
 * next load after a refresh: the next navigation into that area gets the new build. `initial` is the
 * config the page carried, used until the first refresh.
 */
export function createRemoteRegistry(
  runtime: FederationRuntime,
  fetchConfig: () => Promise<RemotesConfig> = fetchRemotesConfig,
  initial: RemotesConfig | null = null,
): RemoteRegistry {
  let latest: Promise<RemotesConfig> | null = initial ? Promise.resolve(initial) : null;
  const registered = new Map<string, string>();

  const refresh = () => {
    const next = fetchConfig();
    latest = next;
    // A failed fetch is forgotten, so the next load asks again.
    next.catch(() => {
      if (latest === next) latest = null;
    });
    return next;
  };

  const loadModule = async (
    name: string,
    exposed: string,
    { retry = false }: { retry?: boolean } = {},
  ): Promise<unknown> => {
    const config = await (retry || !latest ? refresh() : latest);
    const remote = config[name];
    if (!remote) throw new FederationError(FEDERATION_ERRORS.notConfigured, `remotes.json has no "${name}"`);
    const version = `${remote.entry}@${remote.version}`;
    if (retry || registered.get(name) !== version) {
      runtime.registerRemotes([{ name, entry: remote.entry }], { force: registered.has(name) });
      registered.set(name, version);
    }
    const id = `${name}/${exposed.replace(/^\.\//, '')}`;
    const module = await runtime.loadRemote<unknown>(id);
    if (module === null || module === undefined)
      throw new FederationError(FEDERATION_ERRORS.badModule, `${id} loaded as nothing`);
    return module;
  };

  return {
    refresh,
    prepare: () => latest ?? refresh(),
    loadModule,
    async loadApp(name, options) {
      const module = (await loadModule(name, './App', options)) as Partial<RemoteAppModule>;
      const App = module.default;
      if (!App || (typeof App !== 'function' && typeof App !== 'object')) {
        throw new FederationError(FEDERATION_ERRORS.badModule, `${name}/App has no default export component`);
      }
      return { default: App };
    },
    preloadApp(name) {
      loadModule(name, './App').catch(() => undefined);
    },
  };
}
