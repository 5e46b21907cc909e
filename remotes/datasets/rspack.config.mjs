import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

export default (_env, argv) =>
  createAppConfig(
    {
      name: 'datasets',
      dir: import.meta.dirname,
      exposes: { './App': './src/expose/App.tsx' },
      port: DEV_PORTS.datasets,
    },
    { mode: argv.mode },
  );
