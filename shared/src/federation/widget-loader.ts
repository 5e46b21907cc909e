import type { ComponentType } from 'react';
import { CLIENT_ERRORS } from '../contracts/client-errors';

/**
 * Loads one module a remote exposes (`remote` as named in `/remotes.json`, `module` as in its
 * `exposes`, e.g. `./ChatPanel`). The host registers it; `retry` asks it to re-read its remote
 * configuration first, so the user's Retry really tries again. Resolves with the module as loaded.
 */
export type WidgetLoader = (remote: string, module: string, options: { retry: boolean }) => Promise<unknown>;

/** What an embeddable widget module must export: its component as the default export. */
export type WidgetModule<P> = { default: ComponentType<P> };

/** Stable error codes of widget loading. */
export const WIDGET_ERRORS = {
  /** No host registered a loader: the page runs outside the shell (a remote's own dev server, a test). */
  noLoader: CLIENT_ERRORS.widgetNoLoader,
  /** The module loaded but has no default export component. */
  badModule: CLIENT_ERRORS.widgetBadModule,
} as const;

/** One of {@link WIDGET_ERRORS}. */
export type WidgetErrorCode = (typeof WIDGET_ERRORS)[keyof typeof WIDGET_ERRORS];

/** Why a widget could not be loaded, with a stable {@link WidgetErrorCode}. */
export class WidgetError extends Error {
  constructor(
    readonly code: WidgetErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'WidgetError';
  }
}

// One per page: `@flotilla/shared/ui` is a federation singleton, so the shell's registration is
// what every remote's RemoteWidget sees.
let registered: WidgetLoader | null = null;

/**
 * Sets how widgets of other remotes are loaded (the shell does this once, over its remote registry).
 * A remote never loads another remote itself: it asks for a widget and this loader fetches it.
 * Returns a function that removes this loader again (for tests).
 */
export function registerWidgetLoader(loader: WidgetLoader): () => void {
  registered = loader;
  return () => {
    if (registered === loader) registered = null;
  };
}

/**
 * Loads `module` of `remote` through the registered loader and checks that it exports a component.
 * Rejects with a {@link WidgetError} when no loader is registered or the module has no component,
 * and with the loader's own error when loading fails.
 */
export async function loadWidget<P>(
  remote: string,
  module: string,
  options: { retry?: boolean } = {},
): Promise<WidgetModule<P>> {
  const loader = registered;
  if (!loader)
    throw new WidgetError(WIDGET_ERRORS.noLoader, `no widget loader is registered to load ${remote} ${module}`);
  const loaded: unknown = await loader(remote, module, { retry: options.retry ?? false });
  const component = loaded && typeof loaded === 'object' ? (loaded as { default?: unknown }).default : undefined;
  // A function component or class, or the object React makes of memo() and forwardRef().
  if (typeof component !== 'function' && (typeof component !== 'object' || component === null)) {
    throw new WidgetError(WIDGET_ERRORS.badModule, `${remote} ${module} has no default export component`);
  }
  return { default: component as ComponentType<P> };
}
