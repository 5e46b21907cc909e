/** Widgets one remote embeds from another, loaded through the host (shell) only. */
export * from './load-timeout';
export * from './widget-loader';
export * from './remote-widget';
