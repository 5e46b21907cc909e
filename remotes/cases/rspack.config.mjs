import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

export default (_env, argv) =>
  createAppConfig(
    { name: 'cases', dir: import.meta.dirname, exposes: { './App': './src/expose/App.tsx' }, port: DEV_PORTS.cases },
    { mode: argv.mode },
  );
