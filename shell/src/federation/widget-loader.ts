import type { WidgetLoader } from '@flotilla/shared/ui';
import type { RemoteRegistry } from './remote-registry';

/**
 * The shell's widget loader (README.md, "Widgets"): a remote's exposed module through the registry,
 * so a widget follows `/remotes.json` (versions, Retry re-registering) exactly as an area does.
 */
export function createWidgetLoader(registry: Pick<RemoteRegistry, 'loadModule'>): WidgetLoader {
  return (remote, module, { retry }) => registry.loadModule(remote, module, { retry });
}
