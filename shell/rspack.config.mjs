import { createAppConfig, DEV_PORTS } from '@flotilla/shared/build';

export default (_env, argv) =>
  createAppConfig(
    { name: 'shell', dir: import.meta.dirname, entry: './src/index.ts', htmlPublicPath: '/', port: DEV_PORTS.shell },
    { mode: argv.mode },
  );
