import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRemoteRegistry, fetchRemotesConfig, inlinedRemotesConfig } from './remote-registry';
import { flotillaRuntimePlugin } from './runtime-plugin';

registerPlugins([flotillaRuntimePlugin()]);

/** The shell's one registry of remotes, over the federation runtime the build created, from the config the page carries. */
export const remoteRegistry = createRemoteRegistry(
  { registerRemotes, loadRemote },
  fetchRemotesConfig,
  inlinedRemotesConfig(),
);
