import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

// The chat has its own HTML entry so a share link loads only chat code, never the shell.
// In production the server serves index.html for the public chat paths and the assets under
// /remotes/chat/; the dev server serves both from its root.
export default (_env, argv) => {
  const htmlPublicPath = argv.mode === 'development' ? '/' : '/remotes/chat/';
  const config = createAppConfig(
    {
      name: 'chat',
      dir: import.meta.dirname,
      entry: './src/index.ts',
      htmlPublicPath,
      exposes: { './App': './src/expose/App.tsx', './ChatPanel': './src/expose/ChatPanel.tsx' },
      port: DEV_PORTS.chat,
    },
    { mode: argv.mode },
  );
  // The HTML page needs only its own entry. By default the plugin also injects the federation
  // container (remoteEntry.js), which is for the console, and would download a second copy of the
  // federation runtime on every phone that opens a share link.
  config.plugins = config.plugins.map((plugin) =>
    plugin?.constructor?.name === 'HtmlRspackPlugin'
      ? new rspack.HtmlRspackPlugin({ template: join(import.meta.dirname, 'index.html'), publicPath: htmlPublicPath, chunks: ['main'] })
      : plugin,
  );
  return config;
};
