import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config';

/** The address a person opens in a browser: localhost when the server listens on every interface. */
function consoleUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** `node --import tsx server/src/server.ts`: the API and the builds on one port. */
const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'close failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  // Printed, not logged: the one line a person starting the server needs, plain, whatever the log level.
  const { port } = app.server.address() as AddressInfo;
  process.stdout.write(`Flotilla is running: open ${consoleUrl(config.host, port)}\n`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
