import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A request the site received: method, path, headers and body as text. */
export type SiteRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: string };

type Handler = (response: ServerResponse, request: SiteRequest) => void;

/**
 * A small website on 127.0.0.1 for the outbound tests: each path answered by its handler (404 otherwise),
 * every request recorded. `close` also ends connections a handler left open (a server that never answers).
 */
export async function startLocalSite(handlers: Record<string, Handler> = {}) {
  const requests: SiteRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer(async (incoming, response) => {
    let body = '';
    for await (const chunk of incoming) body += String(chunk);
    const request = { method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body };
    requests.push(request);
    const handler = handlers[new URL(request.path, 'http://site').pathname];
    if (handler) handler(response, request);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('no such page');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    /** Whether `address:port` is this site: the one local address an outbound test lets through. */
    isSite: (address: string, atPort: number) => address === '127.0.0.1' && atPort === port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type LocalSite = Awaited<ReturnType<typeof startLocalSite>>;
