import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

// The chat has its own HTML entry so a share link loads only chat code, never the shell.
// In production the server serves index.html for the public chat paths and the assets under
// /remotes/chat/; the dev server serves both from its root.
export default (_env, argv) =>
  createAppConfig(
    {
      name: 'chat',
      dir: import.meta.dirname,
      entry: './src/index.ts',
      htmlPublicPath: argv.mode === 'development' ? '/' : '/remotes/chat/',
      exposes: { './App': './src/expose/App.tsx', './ChatPanel': './src/expose/ChatPanel.tsx' },
      port: DEV_PORTS.chat,
    },
    { mode: argv.mode },
  );
