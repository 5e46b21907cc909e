import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

export default (_env, argv) =>
  createAppConfig(
    { name: 'users', dir: import.meta.dirname, exposes: { './App': './src/expose/App.tsx' }, port: DEV_PORTS.users },
    { mode: argv.mode },
  );
